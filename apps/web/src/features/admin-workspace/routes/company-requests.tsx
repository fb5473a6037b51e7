import type { CompanyMembership } from '@lading/contract/companies';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListPage, useListPage } from '../../../components/list-page';
import { StatusPill } from '../../../components/status-pill';
import type { WorkListColumn } from '../../../components/work-list';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useCompanyRequests, useDecideCompanyRequest } from '../api/company-requests';
import { RefuseRequestModal } from '../components/refuse-request-modal';

/**
 * The COMPANY_APPROVAL work list: pending company memberships and new-company requests, oldest first. Approve asks
 * first, then links the customer to the company (and approves a new company); refuse asks for the reason the customer
 * is mailed.
 */
export function CompanyRequestsPage() {
  const can = useCan();
  const { range, pages } = useListPage({});
  const [refusing, setRefusing] = useState<CompanyMembership | null>(null);
  const [approving, setApproving] = useState<CompanyMembership | null>(null);
  const list = useCompanyRequests(range);
  const decide = useDecideCompanyRequest();
  // A decided request leaves the list, and the focus with it: it goes to the list's count instead.
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const [decided, setDecided] = useState(0);
  useEffect(() => {
    if (decided > 0) summaryRef.current?.focus();
  }, [decided]);
  const approve = async (request: CompanyMembership) => {
    try {
      await decide.mutateAsync({ id: request.id, approve: true });
      setDecided((n) => n + 1);
      toast.success(`${request.user.email} is now a member of ${request.company.name}`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The request could not be approved.');
    }
  };
  const columns: WorkListColumn<CompanyMembership>[] = [
    {
      label: 'Company',
      render: (request) => (
        <Stack gap={2}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {request.company.name}
            </Text>
            {request.isNewCompany && <StatusPill status="New company" color={'#9a3c00'} />}
          </Group>
          {request.isNewCompany && (
            <Text size="xs" c="dimmed">
              {[request.company.taxId, request.company.countryCode, request.company.address]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      label: 'Requested by',
      render: (request) => (
        <Stack gap={0}>
          <Text size="sm">{request.user.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.user.email}
          </Text>
        </Stack>
      ),
    },
    { label: 'Requested', render: (request) => formatDate(request.requestedAt) },
    ...(can('ADMIN.COMPANY.APPROVE')
      ? [
          {
            label: 'Actions',
            actions: true,
            render: (request: CompanyMembership) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => setApproving(request)}
                  loading={decide.isPending && decide.variables?.id === request.id}
                  aria-label={`Approve ${request.user.email} for ${request.company.name}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="#c92a2a"
                  onClick={() => setRefusing(request)}
                  aria-label={`Refuse ${request.user.email} for ${request.company.name}`}
                >
                  Refuse
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="Company requests"
      noun={{ one: 'request', many: 'requests' }}
      countSuffix=" waiting, oldest first"
      summaryRef={summaryRef}
      query={list}
      empty="No request is waiting: every membership and new company has been decided."
      columns={columns}
      pages={pages}
    >
      <ConfirmDialog
        opened={approving !== null}
        title={approving ? `Approve ${approving.user.email} for ${approving.company.name}?` : ''}
        confirmLabel="Approve request"
        onConfirm={() => (approving ? approve(approving) : undefined)}
        onClose={() => setApproving(null)}
      >
        {approving?.isNewCompany
          ? `The new company ${approving.company.name} is approved and made active, and ${approving.user.name} becomes its member. They are notified.`
          : `${approving?.user.name ?? ''} becomes a member of ${approving?.company.name ?? ''}. They are notified.`}
      </ConfirmDialog>
      <RefuseRequestModal
        request={refusing}
        onClose={() => setRefusing(null)}
        onRefused={() => setDecided((n) => n + 1)}
      />
    </ListPage>
  );
}
