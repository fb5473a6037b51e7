import type { Quotation } from '@lading/contract/quotations';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { WorkList, type WorkListColumn } from '../../../components/work-list';
import { formatDate } from '../../../lib/format';
import { useQuotationsToPrice } from '../api/find-quotations-to-price';
import { equipmentLabel, laneLabel } from '../components/desk-facts';

const COLUMNS: WorkListColumn<Quotation>[] = [
  {
    label: 'Quotation',
    render: (quotation) => (
      <AnchorLink
        to="/app-dashboard-admin/quotations-to-price/$id"
        params={{ id: String(quotation.id) }}
        fw={600}
      >
        {quotation.number}
      </AnchorLink>
    ),
  },
  { label: 'Lane', render: (quotation) => laneLabel(quotation.pol, quotation.pod) },
  { label: 'Equipment', render: (quotation) => equipmentLabel(quotation.equipment) },
  { label: 'Cargo', render: (quotation) => `${quotation.cargoType} · ${quotation.commodity}` },
  { label: 'Cargo ready', render: (quotation) => formatDate(quotation.cargoReadyDate) },
  { label: 'Requested', render: (quotation) => formatDate(quotation.createdAt) },
];

/** The on-request enquiries (no tariff matched) waiting for a price, oldest first. */
export function QuotationsToPricePage() {
  const list = useQuotationsToPrice();
  return (
    <PageFrame
      title="Quotations to price"
      actions={
        <AnchorLink to="/app-dashboard-admin" size="sm">
          Back to the admin dashboard
        </AnchorLink>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">
              Enquiries no tariff could price. Oldest first; the customer is told as soon as you send a price.
            </Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
              Refresh
            </Button>
          </Group>
          {list.isPending && <Skeleton height={120} />}
          {list.isError && (
            <Alert color="red" title="Could not load the quotations">
              Please try again in a moment.
            </Alert>
          )}
          {list.data && list.data.results.length === 0 && (
            <Text c="dimmed">Nothing to price: every enquiry has a price.</Text>
          )}
          {list.data && list.data.results.length > 0 && (
            <>
              <WorkList caption="Quotations to price" items={list.data.results} columns={COLUMNS} />
              {list.data.count > list.data.results.length && (
                <Text size="sm" c="dimmed">
                  Showing the oldest {list.data.results.length} of {list.data.count}.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
