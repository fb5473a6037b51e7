import { ROLE_CODES, type RoleCode } from '@lading/contract/access';
import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  SetUserRolesBodySchema,
} from '@lading/contract/admin-workspace';
import { Alert, Button, Checkbox, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusPill } from '../../../components/status-pill';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useOffices } from '../api/find-offices';
import { type UserChange, useUpdateUser } from '../api/update-user';
import { UserSecondFactor } from './user-second-factor';
import { UserSessions } from './user-sessions';

export const ROLE_LABELS: Record<RoleCode, string> = {
  CUSTOMER: 'Customer',
  CARRIER_STAFF_BRANCH: 'Carrier staff (branch)',
  CARRIER_STAFF_CORPORATE: 'Carrier staff (corporate)',
  CARRIER_ADMIN: 'Carrier administrator',
};

const messageOf = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields[field] ?? error.message) : 'The change could not be saved.';

/** A group of checkboxes (its label names them, its message shows under them) saved with its own button. */
function ChoicesWithSave({
  label,
  description,
  options,
  value,
  onChange,
  error,
  saveLabel,
  onSave,
  saving,
}: {
  label: string;
  description: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
  saveLabel: string;
  onSave: () => void;
  saving: boolean;
}) {
  return (
    <>
      <Checkbox.Group label={label} description={description} value={value} onChange={onChange} error={error}>
        <Stack gap={6} mt={6}>
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button size="sm" variant="default" onClick={onSave} loading={saving}>
          {saveLabel}
        </Button>
      </Group>
    </>
  );
}

/**
 * One user's account, roles, offices and verification mail, each saved on its own (ADMIN.USER.EDIT). Deactivating
 * asks first. Messages of a refused change (the contract's rules, or the server's 400) show under the part they
 * concern.
 */
export function UserEditor({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const can = useCan();
  const session = useSession();
  const isSelf = session?.user.id === user.id;
  const update = useUpdateUser();
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [officeIds, setOfficeIds] = useState<string[]>(user.offices.map((office) => String(office.id)));
  const [errors, setErrors] = useState<{ active?: string; roles?: string; offices?: string; mail?: string }>(
    {},
  );
  const officeList = useOffices(can('ADMIN.OFFICE.VIEW'));
  // Without ADMIN.OFFICE.VIEW the caller offers the offices they know: their own and the user's.
  const offices = officeList.data?.results ?? [
    ...(session?.authData?.offices ?? []),
    ...user.offices.filter((office) => !session?.authData?.offices.some((own) => own.id === office.id)),
  ];

  const run = async (change: UserChange, part: keyof typeof errors, success: string, field: string) => {
    setErrors((current) => ({ ...current, [part]: undefined }));
    try {
      const next = await update.mutateAsync({ id: user.id, change });
      toast.success(success);
      onChanged(next);
    } catch (error) {
      setErrors((current) => ({ ...current, [part]: messageOf(error, field) }));
    }
  };

  const saveRoles = () => {
    const parsed = SetUserRolesBodySchema.safeParse({ roles });
    if (!parsed.success) {
      setErrors((current) => ({ ...current, roles: parsed.error.issues[0]?.message }));
      return;
    }
    void run({ kind: 'roles', roles: parsed.data.roles }, 'roles', ADMIN_USER_MESSAGES.rolesSaved, 'roles');
  };

  return (
    <Stack gap="md">
      <Stack gap={4} component="section" aria-labelledby="user-account-title">
        <Title order={3} size="h5" id="user-account-title">
          Account
        </Title>
        <Text size="sm">{user.email}</Text>
        <Group gap="xs">
          <StatusPill
            status={user.isActive ? 'Active' : 'Deactivated'}
            color={user.isActive ? '#1e6b30' : '#495057'}
          />
          <StatusPill
            status={user.isVerified ? 'E-mail verified' : 'E-mail not verified'}
            color={user.isVerified ? '#1864ab' : '#9a3c00'}
          />
        </Group>
        <Group gap="xs" mt="xs">
          {user.isActive ? (
            <Button
              color="#c92a2a"
              variant="outline"
              size="sm"
              disabled={isSelf}
              loading={update.isPending}
              onClick={() => setConfirmDeactivate(true)}
            >
              Deactivate user
            </Button>
          ) : (
            <Button
              size="sm"
              loading={update.isPending}
              onClick={() =>
                void run(
                  { kind: 'active', isActive: true },
                  'active',
                  ADMIN_USER_MESSAGES.activated,
                  'isActive',
                )
              }
            >
              Activate user
            </Button>
          )}
          {!user.isVerified && (
            <Button
              variant="default"
              size="sm"
              loading={update.isPending}
              onClick={() =>
                void run(
                  { kind: 'resend-verification' },
                  'mail',
                  ADMIN_USER_MESSAGES.verificationSent,
                  'email',
                )
              }
            >
              Resend verification e-mail
            </Button>
          )}
        </Group>
        {isSelf && (
          <Text size="xs" c="dimmed">
            You cannot deactivate your own account.
          </Text>
        )}
        {(errors.active || errors.mail) && (
          <Alert color="red" role="alert" p="xs">
            {errors.active ?? errors.mail}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmDeactivate}
        title={`Deactivate ${user.email}?`}
        confirmLabel="Deactivate user"
        color="#c92a2a"
        onConfirm={() =>
          run({ kind: 'active', isActive: false }, 'active', ADMIN_USER_MESSAGES.deactivated, 'isActive')
        }
        onClose={() => setConfirmDeactivate(false)}
      >
        Their sessions end at once and they can no longer sign in, until an administrator activates the
        account again. Their records stay as they are.
      </ConfirmDialog>
      <Divider />
      <UserSessions userId={user.id} canEnd={can('ADMIN.USER.EDIT')} />
      {can('ADMIN.USER.EDIT') && !isSelf && <UserSecondFactor userId={user.id} email={user.email} />}
      <Divider />
      <ChoicesWithSave
        label="Roles"
        description="A customer holds the customer role only; staff may hold several."
        options={ROLE_CODES.map((code) => ({ value: code, label: ROLE_LABELS[code] }))}
        value={roles}
        onChange={setRoles}
        error={errors.roles}
        saveLabel="Save roles"
        onSave={saveRoles}
        saving={update.isPending}
      />
      {user.isStaff && (
        <>
          <Divider />
          <ChoicesWithSave
            label="Offices"
            description="The offices this member of staff works for; their records are what they see."
            options={offices.map((office) => ({
              value: String(office.id),
              label: `${office.code} · ${office.name}`,
            }))}
            value={officeIds}
            onChange={setOfficeIds}
            error={errors.offices}
            saveLabel="Save offices"
            onSave={() =>
              void run(
                { kind: 'offices', officeIds: officeIds.map(Number) },
                'offices',
                ADMIN_USER_MESSAGES.officesSaved,
                'officeIds',
              )
            }
            saving={update.isPending}
          />
        </>
      )}
    </Stack>
  );
}
