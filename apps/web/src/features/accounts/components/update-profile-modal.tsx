import { zodResolver } from '@hookform/resolvers/zod';
import {
  PROFILE_FORM_FIELDS,
  ProfileFormSchema,
  type ProfileFormValues,
  replaceCallingCode,
  type UserProfile,
} from '@lading/contract/accounts';
import type { Country, Party } from '@lading/contract/reference-data';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { TypeaheadField } from '../../../components/form/choice-fields';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { applyServerFieldErrors, fieldNameMap } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-fields';
import { TextAreaField } from '../../../components/form/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { findCountries } from '../../../lib/reference-data/find-countries';
import { findCustomerPortalParties } from '../../../lib/reference-data/find-customer-portal-parties';
import { storeUserCompany } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { accountKeys } from '../api/query-keys';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { phoneInput } from './phone-input';

function initialValues(profile: UserProfile): ProfileFormValues {
  return {
    company: profile.party
      ? {
          id: profile.party,
          code: profile.partyCode ?? '',
          externalId: profile.partyExternalId,
          name: profile.partyName ?? '',
          mobile: null,
          address: null,
          emailId: null,
        }
      : null,
    address: profile.address ?? '',
    country: profile.country
      ? { id: 0, code: '', alpha3: '', name: profile.country, callingCode: null }
      : null,
    phone: profile.contactNumber ?? '',
  };
}

/** The stored country (kept by name) as a full row, for its calling code. */
function useStoredCountry(name: string | null) {
  return useQuery({
    queryKey: accountKeys.storedCountry(name),
    enabled: Boolean(name),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (await findCountries(name ?? '', signal)).results.find(
        (country) => country.name.toLowerCase() === name?.toLowerCase(),
      ) ?? null,
  });
}

/**
 * Update Profile (specification section 2): Company, Address, Country, Phone; Clear and Update, driven by the
 * contract's ProfileFormSchema. Choosing a country puts its calling code in place of the previous one. Success
 * returns to the dashboard (section 4), except when a different company was picked: the membership is then pending
 * approval, and the user stays on the profile, which shows that.
 */
export function UpdateProfileModal({
  profile,
  opened,
  onClose,
  onRequestCompany,
}: {
  profile: UserProfile;
  opened: boolean;
  onClose: () => void;
  onRequestCompany: () => void;
}) {
  const navigate = useNavigate();
  const update = useUpdateUserProfile();
  const { control, handleSubmit, formState, setValue, getValues, setError, reset } =
    useForm<ProfileFormValues>({
      defaultValues: initialValues(profile),
      resolver: zodResolver(ProfileFormSchema),
      mode: 'onTouched',
      // focusFirstInvalid instead: the first invalid cell in reading order (the typeaheads too), below the title.
      shouldFocusError: false,
    });
  const formRef = useRef<HTMLFormElement>(null);
  const canUpdate = formState.isDirty || Object.keys(formState.touchedFields).length > 0;
  // The calling code the phone starts with: the stored country's, then each picked country's. Typing a new country
  // name clears the field for a moment; the code stays remembered until another country is picked.
  const storedCountry = useStoredCountry(profile.country);
  const callingCode = useRef<string | null>(null);
  useEffect(() => {
    callingCode.current ??= storedCountry.data?.callingCode ?? null;
  }, [storedCountry.data]);

  const onSubmit = async (values: ProfileFormValues) => {
    try {
      const saved = await update.mutateAsync({
        id: profile.id,
        party: values.company!.id,
        country: values.country!.name,
        contact_number: values.phone.trim(),
        address: values.address.trim(),
      });
      storeUserCompany(saved);
      onClose();
      if (saved.companyStatus === 'PENDING' && values.company!.id !== profile.party) {
        toast.success(
          `Profile updated. Your membership of ${saved.partyName ?? 'the company'} is pending approval.`,
        );
        return;
      }
      toast.success('Profile updated successfully');
      await navigate({ to: '/app-dashboard' });
    } catch (error) {
      // Failures are silent (specification section 8); what the user typed stays, and field errors show inline.
      if (error instanceof ApiError)
        applyServerFieldErrors(error.fields, setError, fieldNameMap(PROFILE_FORM_FIELDS));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Update Profile" size="lg" centered>
      <form
        ref={formRef}
        onSubmit={handleSubmit(onSubmit, () => focusFirstInvalid(formRef.current))}
        noValidate
      >
        <Stack gap={4}>
          <TypeaheadField<ProfileFormValues, Party>
            control={control}
            name="company"
            label="Company"
            placeholder="Search companies"
            required
            search={(term, signal) => findCustomerPortalParties(term, signal)}
            getOptionLabel={(party) => party.name}
            getOptionKey={(party) => String(party.id)}
            renderOption={(party) => (
              <Stack gap={0}>
                <Text size="sm">{party.name}</Text>
                <Text size="xs" c="dimmed">
                  {party.code}
                  {party.address ? ` · ${party.address}` : ''}
                </Text>
              </Stack>
            )}
          />
          <Text size="sm" mb="xs">
            Company not in the list?{' '}
            <Anchor component="button" type="button" onClick={onRequestCompany}>
              Request a new company
            </Anchor>
          </Text>
          <TextAreaField control={control} name="address" label="Address" required rows={2} maxLength={500} />
          <TypeaheadField<ProfileFormValues, Country>
            control={control}
            name="country"
            label="Country"
            placeholder="Search countries"
            required
            invalidOnError
            onPick={(country) => {
              if (!country?.callingCode) return;
              setValue(
                'phone',
                replaceCallingCode(getValues('phone'), callingCode.current, country.callingCode),
                {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                },
              );
              callingCode.current = country.callingCode;
            }}
            search={async (term, signal) => (await findCountries(term, signal)).results}
            getOptionLabel={(country) => country.name}
            getOptionKey={(country) => country.code || country.name}
            renderOption={(country) => (
              <Group justify="space-between" wrap="nowrap" w="100%">
                <Text size="sm">{country.name}</Text>
                {country.callingCode && (
                  <Text size="xs" c="dimmed">
                    +{country.callingCode}
                  </Text>
                )}
              </Group>
            )}
          />
          <TextField
            control={control}
            name="phone"
            label="Phone"
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            normalize={phoneInput}
          />
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() => {
                reset({ company: null, address: '', country: null, phone: '' }, { keepDefaultValues: true });
                callingCode.current = null;
              }}
            >
              Clear
            </Button>
            <Button type="submit" disabled={!canUpdate} loading={formState.isSubmitting}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
