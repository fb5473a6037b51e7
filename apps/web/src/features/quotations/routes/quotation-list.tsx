import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import {
  QUOTATION_STATUSES,
  type Quotation,
  type QuotationSort,
  type QuotationStatus,
} from '@lading/contract/quotations';
import { Button, Group, Paper, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { OnDemandSelect } from '../../../components/on-demand-select';
import { PageFrame } from '../../../components/page-frame';
import { RecordList, type RecordListColumn, type SortOrder } from '../../../components/record-list';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/format-money';
import { useCan } from '../../../lib/permissions';
import { useQuotations } from '../api/find-quotations';
import { QuotationDetailsModal } from '../components/quotation-details-modal';
import { equipmentText, laneText } from '../components/quotation-format';
import { parseQuotationListSearch } from '../components/quotation-list-search';
import { QuotationStatusBadge } from '../components/quotation-status-badge';
import { RejectQuotationModal } from '../components/reject-quotation-modal';

const route = getRouteApi('/portal/app-dashboard/app-active-quotation');

const totalText = (quotation: Quotation) =>
  quotation.totalAmount === null ? 'On request' : formatMoney(quotation.totalAmount, quotation.currency);

const viewButton = (quotation: Quotation, onOpen: (id: number) => void) => (
  <Button
    size="xs"
    variant="light"
    onClick={() => onOpen(quotation.id)}
    aria-label={`View quotation ${quotation.number}`}
  >
    View
  </Button>
);

/** A quotation on a phone: the same facts as the table's row. */
function quotationCard(quotation: Quotation, onOpen: (id: number) => void) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>{quotation.number}</Text>
        <QuotationStatusBadge status={quotation.status} />
      </Group>
      <Text size="sm">{laneText(quotation.pol, quotation.pod)}</Text>
      <Text size="sm">
        {equipmentText(quotation.equipment)} · <strong>{totalText(quotation)}</strong>
      </Text>
      <Text size="xs" c="dimmed">
        Valid until {formatDate(quotation.validUntil)}
      </Text>
      <Group>{viewButton(quotation, onOpen)}</Group>
    </>
  );
}

const SORT_LABELS: Record<QuotationSort, string> = {
  createdAt: 'Asked on',
  number: 'Quotation No',
  status: 'Status',
  validUntil: 'Valid until',
};

function quotationColumns(onOpen: (id: number) => void): RecordListColumn<Quotation, QuotationSort>[] {
  return [
    {
      label: 'Quotation No',
      sort: 'number',
      render: (quotation) => (
        <Text fw={600} size="sm">
          {quotation.number}
        </Text>
      ),
    },
    {
      label: 'Status',
      sort: 'status',
      render: (quotation) => <QuotationStatusBadge status={quotation.status} />,
    },
    { label: 'Lane', render: (quotation) => laneText(quotation.pol, quotation.pod) },
    { label: 'Equipment', render: (quotation) => equipmentText(quotation.equipment) },
    { label: 'Total', align: 'right', nowrap: true, render: totalText },
    {
      label: 'Valid until',
      sort: 'validUntil',
      nowrap: true,
      render: (quotation) => formatDate(quotation.validUntil),
    },
    { label: 'Actions', render: (quotation) => viewButton(quotation, onOpen) },
  ];
}

/**
 * app-dashboard/app-active-quotation: the quotations still open (QUOTED within their validity, and those on
 * request), newest first (or sorted by number, status or validity), 10 a page. "View" opens the charge breakdown with Accept / Reject (customers).
 */
export function QuotationListPage() {
  const can = useCan();
  // The status filter and page live in the address (the dashboard's counts link here); no status: the active ones.
  const search = parseQuotationListSearch(route.useSearch());
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const setPage = (next: number) =>
    void navigate({ search: { ...search, page: next === 1 ? undefined : next } });
  const [sort, setSort] = useState<{ value: QuotationSort; order: SortOrder }>({
    value: 'createdAt',
    order: 'desc',
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Quotation | null>(null);
  const quotations = useQuotations({
    active: search.status === undefined,
    status: search.status,
    sort: sort.value,
    order: sort.order,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
  });
  const open = quotations.data?.results.find((quotation) => quotation.id === openId) ?? null;
  const noun = search.status ? `${search.status.toLowerCase()} quotation` : 'active quotation';
  const emptyText = search.status ? (
    `No ${noun}s.`
  ) : can('CP.RATE_ENQUIRY.VIEW') ? (
    <>
      No active quotations. <AnchorLink to="/app-dashboard/app-rate-enquiry">Make a rate enquiry</AnchorLink>{' '}
      to get a price.
    </>
  ) : (
    'No active quotations.'
  );

  return (
    <PageFrame
      title="Quotation List"
      actions={
        <Text size="sm" c="dimmed">
          Active quotations: priced ones within their validity and those on request.
        </Text>
      }
    >
      <Paper withBorder p="md" radius="md" component="search" aria-label="Filter quotations">
        <OnDemandSelect
          label="Status"
          placeholder="Active (quoted or on request)"
          clearable
          data={[...QUOTATION_STATUSES]}
          value={search.status ?? null}
          onChange={(value) =>
            void navigate({
              search: { status: (value as QuotationStatus | null) ?? undefined, page: undefined },
              replace: true,
            })
          }
          comboboxProps={{ withinPortal: true }}
          maw={{ base: '100%', xs: 320 }}
        />
      </Paper>
      <RecordList<Quotation, QuotationSort>
        label="Quotations"
        query={quotations}
        errorTitle="The quotations could not be loaded"
        noun={[noun, `${noun}s`]}
        columns={quotationColumns(setOpenId)}
        card={(quotation) => quotationCard(quotation, setOpenId)}
        rowTestId="quotation-row"
        cardTestId="quotation-card"
        emptyText={emptyText}
        page={page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={setPage}
        sort={{
          ...sort,
          labels: SORT_LABELS,
          onChange: (value, order) => {
            setSort({ value, order });
            setPage(1);
          },
        }}
      />

      <QuotationDetailsModal
        quotation={open}
        opened={open !== null && rejecting === null}
        onClose={() => setOpenId(null)}
        onReject={setRejecting}
      />
      {rejecting && (
        <RejectQuotationModal
          quotation={rejecting}
          opened
          onClose={() => setRejecting(null)}
          onRejected={() => setOpenId(null)}
        />
      )}
    </PageFrame>
  );
}
