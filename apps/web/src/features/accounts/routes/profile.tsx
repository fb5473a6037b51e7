import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANGE_PASSWORD_FORM_FIELDS,
  type ChangePasswordForm,
  ChangePasswordFormSchema,
  type UserProfile,
} from '@lading/contract/accounts';
import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors, fieldNameMap } from '../../../components/form/server-errors';
import { PageFrame } from '../../../components/page-frame';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { useUserProfile } from '../api/get-user-profile';
import { PasskeysPanel } from '../components/passkeys-panel';
import { RequestCompanyModal } from '../components/request-company-modal';
import { SecondFactorPanel } from '../components/second-factor-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { UpdateProfileModal } from '../components/update-profile-modal';

/**
 * An e-mail address, a name or a company has no space to break at: it wraps anywhere rather than push the page
 * sideways (a 40-character address scrolled the page by 31 px at 390 px).
 */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={WRAP_ANYWHERE}>{value || '—'}</Text>
    </Stack>
  );
}

/**
 * The company membership: a pending member sees the company's name with "Pending approval" (its code and customer
 * number are not given out until carrier staff approve); an approved member sees all three.
 */
function CompanyMembership({ profile }: { profile: UserProfile }) {
  if (profile.companyStatus === 'PENDING') {
    return (
      <Stack gap="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Company
          </Text>
          <Group gap="xs">
            <Text style={WRAP_ANYWHERE}>{profile.partyName || '—'}</Text>
            <Badge color="orange" variant="light">
              Pending approval
            </Badge>
          </Group>
        </Stack>
        <Text size="sm" c="dimmed">
          The company details appear here once the carrier approves your membership.
        </Text>
      </Stack>
    );
  }
  return (
    <>
      <Field label="Company" value={profile.partyName} />
      <Field label="Company code" value={profile.partyCode} />
      <Field label="Customer number" value={profile.partyExternalId} />
    </>
  );
}

function ChangePasswordPanel({ userId }: { userId: number }) {
  const change = useChangePassword();
  const { control, handleSubmit, reset, formState, setError } = useForm<ChangePasswordForm>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(ChangePasswordFormSchema),
  });
  const onSubmit = async (values: ChangePasswordForm) => {
    try {
      const { message } = await change.mutateAsync({
        id: userId,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      toast.success(message);
      reset();
    } catch (error) {
      if (error instanceof ApiError)
        applyServerFieldErrors(error.fields, setError, fieldNameMap(CHANGE_PASSWORD_FORM_FIELDS));
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack gap={4}>
          <Title order={2} size="h4" mb="xs">
            Change Password
          </Title>
          <PasswordField
            control={control}
            name="currentPassword"
            label="Current Password"
            autoComplete="current-password"
            required
          />
          <PasswordField
            control={control}
            name="newPassword"
            label="New Password"
            autoComplete="new-password"
            required
            description="At least 8 characters. Other devices will be signed out."
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label="Confirm New Password"
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={formState.isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * My Profile. `settings` is what other features add under the user's details (the app puts the notification
 * e-mail preferences there: app/profile-route.tsx); `company` what they add under the company, shown to an approved
 * member only (the company's API clients).
 */
export function ProfilePage({ settings, company }: { settings?: ReactNode; company?: ReactNode }) {
  const session = useSession();
  const userId = session?.user.id;
  const { data: profile, isLoading } = useUserProfile(userId);
  const [opened, modal] = useDisclosure(false);
  const [requestOpened, requestModal] = useDisclosure(false);
  // Carrier staff hold CP.PROFILE.VIEW only: their profile is read-only and has no company to pick.
  const can = useCan();
  const canEdit = can('CP.PROFILE.EDIT');
  const isPhone = usePhoneLayout();
  const needsCompany = profile !== undefined && canEdit && profile.party === null;

  // First login: the company profile is what the user came here for.
  useEffect(() => {
    if (needsCompany) modal.open();
  }, [needsCompany, modal.open]);

  return (
    <PageFrame title="My Profile">
      {needsCompany && (
        <Alert color="blue" title="Complete your profile">
          Link your account to your company to start using the portal. If your company is not in the list,
          request it as a new company.
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              {isLoading || !profile ? (
                <Skeleton h={220} />
              ) : (
                <Stack gap="sm">
                  <Title order={2} size="h4" style={WRAP_ANYWHERE}>
                    {profile.first_name} {profile.last_name}
                  </Title>
                  <Field label="Email" value={profile.email} />
                  <Field label="Phone" value={profile.contactNumber} />
                  <Field label="Address" value={profile.address} />
                  <Field label="Country" value={profile.country} />
                </Stack>
              )}
            </Paper>
            {settings}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Company Info
                  </Title>
                  {profile && canEdit && !isPhone && (
                    <Group gap="xs">
                      <Button variant="default" onClick={requestModal.open}>
                        Request a new company
                      </Button>
                      <Button onClick={modal.open}>Update Profile</Button>
                    </Group>
                  )}
                </Group>
                {/* On a phone the two do not fit beside the title: one under the other, full width, primary first. */}
                {profile && canEdit && isPhone && (
                  <Stack gap="xs">
                    <Button fullWidth onClick={modal.open}>
                      Update Profile
                    </Button>
                    <Button fullWidth variant="default" onClick={requestModal.open}>
                      Request a new company
                    </Button>
                  </Stack>
                )}
                {profile &&
                  (!canEdit && profile.party === null ? (
                    // Carrier staff: no customer company to show, nor to pick.
                    <Text size="sm" c="dimmed">
                      Carrier staff accounts are not linked to a customer company.
                    </Text>
                  ) : (
                    <CompanyMembership profile={profile} />
                  ))}
              </Stack>
            </Paper>
            {profile?.companyStatus === 'APPROVED' && company}
            {userId !== undefined && <ChangePasswordPanel userId={userId} />}
            <SecondFactorPanel />
            <PasskeysPanel />
            <SessionsPanel />
          </Stack>
        </Grid.Col>
      </Grid>
      {profile && opened && (
        <UpdateProfileModal
          profile={profile}
          opened={opened}
          onClose={modal.close}
          onRequestCompany={() => {
            modal.close();
            requestModal.open();
          }}
        />
      )}
      {userId !== undefined && requestOpened && (
        <RequestCompanyModal userId={userId} opened={requestOpened} onClose={requestModal.close} />
      )}
    </PageFrame>
  );
}
