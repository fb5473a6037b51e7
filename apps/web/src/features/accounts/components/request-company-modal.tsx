import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyRequestBody, CompanyRequestBodySchema } from '@lading/contract/companies';
import type { Country } from '@lading/contract/reference-data';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { TextField, useField } from '../../../components/form/text-fields';
import { TextAreaField } from '../../../components/form/textarea-field';
import { Typeahead } from '../../../components/typeahead';
import { ApiError } from '../../../lib/api-client';
import { findCountries } from '../../../lib/reference-data/find-countries';
import { toast } from '../../../lib/toast';
import { useCreateCompanyRequest } from '../api/create-company-request';

const EMPTY: CompanyRequestBody = { name: '', address: '', country: '', taxId: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));

/** The country is kept by name (what the server expects); the typeahead shows it as a picked item. */
const asCountry = (name: string): Country | null =>
  name ? { id: 0, code: '', alpha3: '', name, callingCode: null } : null;

/** The country, kept by name (what the server expects), picked from the countries typeahead. */
function CountryByName({ control }: { control: Control<CompanyRequestBody> }) {
  const { field, fieldState } = useField<CompanyRequestBody>('country', control);
  return (
    <Typeahead<Country>
      label="Country"
      placeholder="Search countries"
      required
      invalidOnError
      value={asCountry(field.value)}
      onChange={(country) => field.onChange(country?.name ?? '')}
      onBlur={field.onBlur}
      search={async (term, signal) => (await findCountries(term, signal)).results}
      getOptionLabel={(country) => country.name}
      getOptionKey={(country) => country.code || country.name}
      error={fieldState.error?.message}
      errorDisplay="line"
    />
  );
}

/**
 * "Request a new company": a customer whose company is not in the list asks the carrier to add it. The contract's
 * schema checks the form; fields the server refuses (400 `error.fields`) show on their cells. On success the user
 * is the company's pending member until carrier staff approve it.
 */
export function RequestCompanyModal({
  userId,
  opened,
  onClose,
}: {
  userId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const request = useCreateCompanyRequest(userId);
  const { control, handleSubmit, formState, setError } = useForm<CompanyRequestBody>({
    defaultValues: EMPTY,
    resolver: zodResolver(CompanyRequestBodySchema),
    // focusFirstInvalid instead: the first invalid cell in reading order (the country typeahead too), below the title.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (body: CompanyRequestBody) => {
    try {
      const { message } = await request.mutateAsync(body);
      toast.success(message);
      onClose();
    } catch (error) {
      const placed =
        error instanceof ApiError
          ? applyServerFieldErrors(error.fields, setError, (field) => (FIELDS.has(field) ? field : null))
          : 0;
      if (placed === 0) toast.error('The request could not be sent. Please try again.');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Request a new company" size="lg" centered>
      <form
        ref={formRef}
        onSubmit={handleSubmit(onSubmit, () => focusFirstInvalid(formRef.current))}
        noValidate
      >
        <Stack gap={4}>
          <Text size="sm" mb="xs">
            Cannot find your company in the list? Tell us about it. Our team checks the details; until the
            company is approved, your membership is pending.
          </Text>
          <TextField
            control={control}
            name="name"
            label="Company name"
            required
            autoComplete="organization"
            maxLength={200}
          />
          <TextAreaField control={control} name="address" label="Address" required rows={2} maxLength={500} />
          <CountryByName control={control} />
          <TextField
            control={control}
            name="taxId"
            label="Tax or registration number"
            required
            maxLength={40}
            description="For example a GSTIN, VAT or company registration number"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
