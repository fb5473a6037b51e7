import type { AdminOffice } from '@lading/contract/admin-workspace';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { StatusPill } from '../../../components/status-pill';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { useSession } from '../../../lib/session';
import { useOffices } from '../api/find-offices';
import { OfficeForm } from '../components/office-form';

/** The carrier's offices with their port and staff; create (from the corporate office) and edit with ADMIN.OFFICE.EDIT. */
export function OfficesPage() {
  const can = useCan();
  const isPhone = usePhoneLayout();
  const isCorporate = useSession()?.authData?.isCorporateOffice ?? false;
  const list = useOffices();
  const [editing, setEditing] = useState<AdminOffice | 'new' | null>(null);
  const columns: WorkListColumn<AdminOffice>[] = [
    {
      label: 'Office',
      render: (office) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {office.code} · {office.name}
          </Text>
          {office.isCorporate && <StatusPill status="Corporate" color={'#1864ab'} />}
        </Group>
      ),
    },
    { label: 'Port', render: (office) => (office.port ? `${office.port.name} (${office.port.code})` : '—') },
    {
      label: 'Staff',
      render: (office) =>
        office.staff.length === 0
          ? '—'
          : office.staff
              .map((member) => `${member.name}${member.isActive ? '' : ' (deactivated)'}`)
              .join(', '),
    },
    ...(can('ADMIN.OFFICE.EDIT')
      ? [
          {
            label: 'Actions',
            render: (office: AdminOffice) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(office)}
                aria-label={`Edit office ${office.code}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <PageFrame
      title="Offices"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {list.data ? `${list.data.count} office${list.data.count === 1 ? '' : 's'}` : ' '}
            </Text>
            {can('ADMIN.OFFICE.EDIT') && isCorporate && (
              <Button onClick={() => setEditing('new')}>New office</Button>
            )}
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the offices">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && <WorkList caption="Offices" items={list.data.results} columns={columns} />}
        </Stack>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New office' : editing ? `Edit office ${editing.code}` : ''}
        size="lg"
        fullScreen={isPhone}
      >
        {editing !== null && (
          <OfficeForm
            office={editing === 'new' ? null : editing}
            canChangePort={isCorporate}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
            onStale={() => {
              setEditing(null);
              void list.refetch();
            }}
          />
        )}
      </Modal>
    </PageFrame>
  );
}
