import type { UserProfile } from '@lading/contract/accounts';
import type { Country, Party } from '@lading/contract/reference-data';
import { Anchor, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { Typeahead } from '../../../components/typeahead';
import { ApiError } from '../../../lib/api-client';
import { storeUserCompany } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { findCountries } from '../../reference-data/api/find-countries';
import { findCustomerPortalParties } from '../../reference-data/api/find-customer-portal-parties';
import { useUpdateUserProfile } from '../api/update-user-profile';
import {
  numericPhone,
  type ProfileFormValues,
  phoneForCountry,
  validateProfileForm,
} from './profile-form-values';

const FIELD_NAMES: Record<string, keyof ProfileFormValues> = {
  party: 'company',
  country: 'country',
  contact_number: 'phone',
  address: 'address',
};

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

/**
 * Update Profile (specification section 2): Company, Address, Country, Phone; Clear and Update. Success returns to
 * the dashboard (section 4), except when a different company was picked: the membership is then pending approval, and
 * the user stays on the profile, which shows that.
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
  const form = useForm<ProfileFormValues>({
    defaultValues: initialValues(profile),
    resolver: async (values) => {
      const errors = validateProfileForm(values);
      return Object.keys(errors).length === 0
        ? { values, errors: {} }
        : {
            values: {},
            errors: Object.fromEntries(
              Object.entries(errors).map(([k, message]) => [k, { type: 'validate', message }]),
            ),
          };
    },
  });
  const { control, register, handleSubmit, formState, setValue, getValues, setError, reset } = form;
  const canUpdate = formState.isDirty || Object.keys(formState.touchedFields).length > 0;

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
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = FIELD_NAMES[field];
          if (name) setError(name, { message });
        }
      }
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Update Profile" size="lg" centered>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap="sm">
          <Controller
            control={control}
            name="company"
            render={({ field, fieldState }) => (
              <Typeahead<Party>
                label="Company"
                placeholder="Search companies"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
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
                error={fieldState.error?.message}
              />
            )}
          />
          <Text size="sm">
            Company not in the list?{' '}
            <Anchor component="button" type="button" onClick={onRequestCompany}>
              Request a new company
            </Anchor>
          </Text>
          <Textarea
            label="Address"
            required
            autosize
            minRows={2}
            maxRows={5}
            error={formState.errors.address?.message}
            {...register('address')}
          />
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <Typeahead<Country>
                label="Country"
                placeholder="Search countries"
                required
                invalidOnError
                value={field.value}
                onChange={(country) => {
                  setValue('phone', phoneForCountry(getValues('phone'), field.value, country), {
                    shouldDirty: true,
                  });
                  field.onChange(country);
                }}
                onBlur={field.onBlur}
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
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <TextInput
                label="Phone"
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={field.value}
                onChange={(event) => field.onChange(numericPhone(event.currentTarget.value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() =>
                reset({ company: null, address: '', country: null, phone: '' }, { keepDefaultValues: true })
              }
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
