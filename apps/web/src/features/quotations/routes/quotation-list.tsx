import { DEFAULT_PAGE_SIZE } from '@lading/contract/app-info';
import type { Quotation } from '@lading/contract/quotations';
import { Alert, Button, Group, Modal, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { PageFrame } from '../../../components/page-frame';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { useQuotations } from '../api/find-quotations';
import { equipmentText, laneText } from '../components/quotation-format';
import { QuotationStatusBadge } from '../components/quotation-status-badge';
import { QuotationSummary } from '../components/quotation-summary';
import { RejectQuotationModal } from '../components/reject-quotation-modal';
import classes from './quotation-list.module.css';

const totalText = (quotation: Quotation) =>
  quotation.totalAmount === null ? 'On request' : formatMoney(quotation.totalAmount, quotation.currency);

function QuotationCard({ quotation, onOpen }: { quotation: Quotation; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" className={classes.card} data-testid="quotation-card">
      <Stack gap={6}>
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
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={onOpen}
            aria-label={`View quotation ${quotation.number}`}
          >
            View
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * app-dashboard/app-active-quotation: the quotations still open (QUOTED within their validity, and those on
 * request), newest first, 10 a page. "View" opens the charge breakdown with Accept / Reject (customers).
 */
export function QuotationListPage() {
  const isPhone = usePhoneLayout();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Quotation | null>(null);
  const { data, isError, isFetching, refetch } = useQuotations({
    active: true,
    skip: (page - 1) * DEFAULT_PAGE_SIZE,
    limit: DEFAULT_PAGE_SIZE,
  });
  const open = data?.results.find((quotation) => quotation.id === openId) ?? null;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const emptyText = can('CP.RATE_ENQUIRY.VIEW') ? (
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
      {isError ? (
        <Alert color="red" title="The quotations could not be loaded">
          <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : isPhone ? (
        <Stack
          gap="sm"
          component="ul"
          className={classes.cards}
          aria-busy={isFetching}
          aria-label="Quotations"
        >
          {data?.results.map((quotation) => (
            <QuotationCard key={quotation.id} quotation={quotation} onOpen={() => setOpenId(quotation.id)} />
          ))}
          {data && data.results.length === 0 && (
            <Text component="li" ta="center" c="dimmed" py="lg" className={classes.card}>
              {emptyText}
            </Text>
          )}
        </Stack>
      ) : (
        <div className={classes.scroller}>
          <Table striped highlightOnHover withTableBorder aria-busy={isFetching} aria-label="Quotations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Quotation No</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Lane</Table.Th>
                <Table.Th scope="col">Equipment</Table.Th>
                <Table.Th scope="col" ta="right">
                  Total
                </Table.Th>
                <Table.Th scope="col">Valid until</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.results.map((quotation) => (
                <Table.Tr key={quotation.id} data-testid="quotation-row">
                  <Table.Td fw={600}>{quotation.number}</Table.Td>
                  <Table.Td>
                    <QuotationStatusBadge status={quotation.status} />
                  </Table.Td>
                  <Table.Td>{laneText(quotation.pol, quotation.pod)}</Table.Td>
                  <Table.Td>{equipmentText(quotation.equipment)}</Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {totalText(quotation)}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(quotation.validUntil)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setOpenId(quotation.id)}
                      aria-label={`View quotation ${quotation.number}`}
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {data && data.results.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text ta="center" c="dimmed" py="lg">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.count} active quotation${data.count === 1 ? '' : 's'}` : ''}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            siblings={isPhone ? 0 : 1}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>

      <Modal
        opened={open !== null && rejecting === null}
        onClose={() => setOpenId(null)}
        title="Quotation details"
        size="xl"
        fullScreen={isPhone}
      >
        {open && <QuotationSummary quotation={open} onReject={() => setRejecting(open)} />}
      </Modal>
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
