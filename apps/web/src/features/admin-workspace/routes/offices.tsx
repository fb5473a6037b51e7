import type { AdminOffice } from '@lading/contract/admin-workspace';
import { Group, Text } from '@mantine/core';
import { actionColumn, EditorModal, ListPage, useListPage } from '../../../components/list-page';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useOffices } from '../api/find-offices';
import { OfficeForm } from '../components/office-form';

/** The carrier's offices with their port and staff; create (from the corporate office) and edit with ADMIN.OFFICE.EDIT. */
export function OfficesPage() {
  const can = useCan();
  const isCorporate = useSession()?.authData?.isCorporateOffice ?? false;
  const list = useOffices();
  const { editor } = useListPage<object, AdminOffice>({});
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
    ...actionColumn<AdminOffice>(can('ADMIN.OFFICE.EDIT'), {
      text: 'Edit',
      ariaLabel: (office) => `Edit office ${office.code}`,
      onClick: editor.open,
    }),
  ];
  return (
    <ListPage
      title="Offices"
      noun={{ one: 'office', many: 'offices' }}
      query={list}
      onCreate={can('ADMIN.OFFICE.EDIT') && isCorporate ? () => editor.open('new') : undefined}
      columns={columns}
    >
      <EditorModal
        editor={editor}
        size="lg"
        title={(office) => (office ? `Edit office ${office.code}` : 'New office')}
        onReload={list.refetch}
      >
        {(office, done) => <OfficeForm office={office} canChangePort={isCorporate} {...done} />}
      </EditorModal>
    </ListPage>
  );
}
