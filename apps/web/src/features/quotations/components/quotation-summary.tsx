import { type Quotation, todayIso } from '@lading/contract/quotations';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/format-money';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useAcceptQuotation } from '../api/accept-quotation';
import {
  equipmentText,
  groupCharges,
  inlandOnRequestText,
  laneText,
  quotationActions,
} from './quotation-format';
import { QuotationStatusBadge } from './quotation-status-badge';
import classes from './quotation-summary.module.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** The charge breakdown: one block per size-type (lines and subtotal), the per-bill charges, then the total. */
export function ChargeBreakdown({ quotation }: { quotation: Quotation }) {
  const currency = quotation.currency;
  const groups = groupCharges(quotation.charges, quotation.equipment);
  return (
    <Table
      className={classes.charges}
      aria-label={`Charges of ${quotation.number}`}
      data-testid="charge-lines"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Charge</Table.Th>
          <Table.Th scope="col" ta="right">
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      {groups.map((group) => (
        <Table.Tbody key={group.isoCode ?? 'per-bl'}>
          <Table.Tr className={classes.groupRow}>
            <Table.Th scope="rowgroup" colSpan={2}>
              {group.isoCode
                ? `${group.containers} × ${group.isoCode} (per container)`
                : 'Per bill of lading'}
            </Table.Th>
          </Table.Tr>
          {group.charges.map((charge) => (
            <Table.Tr
              key={`${charge.code}-${charge.isoCode ?? ''}-${charge.unitAmount}`}
              data-testid="charge-line"
            >
              <Table.Td>
                <Text size="sm">{charge.name}</Text>
                <Text size="xs" c="dimmed">
                  {charge.code} · {charge.quantity} × {formatMoney(charge.unitAmount, charge.currency)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className={classes.amount}>
                {formatMoney(charge.amount, charge.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
          {group.isoCode && (
            <Table.Tr>
              <Table.Td c="dimmed">Subtotal {group.isoCode}</Table.Td>
              <Table.Td ta="right" className={classes.amount}>
                {formatMoney(group.subtotal, currency)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      ))}
      <Table.Tfoot>
        <Table.Tr className={classes.totalRow}>
          <Table.Th scope="row">Total (all in)</Table.Th>
          <Table.Td ta="right" className={classes.amount} data-testid="quotation-total">
            {formatMoney(quotation.totalAmount, currency)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

type Inland = Quotation['pickup'];

/** A pick-up or delivery as text: the door's address, or the station by name and code. */
export function inlandText(inland: Inland) {
  if (!inland) return null;
  if (inland.kind === 'DOOR') return `Door: ${inland.address}`;
  return `Rail / ICD: ${inland.stationName ? `${inland.stationName} (${inland.stationCode})` : `station ${inland.stationId}`}`;
}

/**
 * One quotation: lane and cargo, then the price (charge lines, total, validity) or the "on request" state, and
 * Accept / Reject for a customer who holds them. Accept asks first (what is booked, at what price); accepting books it
 * and opens the booking in the booking list.
 */
export function QuotationSummary({
  quotation,
  onReject,
}: {
  quotation: Quotation;
  /** Opens the reject dialog (owned by the screen, so it outlives this summary). */
  onReject: () => void;
}) {
  const can = useCan();
  const navigate = useNavigate();
  const accept = useAcceptQuotation();
  const [confirming, setConfirming] = useState(false);
  const { canAccept, canReject } = quotationActions(quotation, todayIso());
  const onAccept = async () => {
    try {
      const booking = await accept.mutateAsync(quotation.id);
      toast.success(`Booking ${booking.number} requested. We will confirm the vessel and voyage.`);
      await navigate({ to: '/app-dashboard/app-booking-list', search: { bookingNo: booking.number } });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The quotation could not be accepted.');
    }
  };
  return (
    <Stack gap="sm" data-testid="quotation-summary">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          Quotation {quotation.number}
        </Title>
        <QuotationStatusBadge status={quotation.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" component="dl" m={0}>
        <Fact label="Lane">{laneText(quotation.pol, quotation.pod)}</Fact>
        <Fact label="Equipment">{equipmentText(quotation.equipment)}</Fact>
        <Fact label="Cargo">
          {quotation.cargoType}
          {quotation.hazardClass ? ` · ${quotation.hazardClass} · UN ${quotation.unNumber}` : ''} ·{' '}
          {quotation.commodity} ({quotation.hsCodeValue})
        </Fact>
        {quotation.pickup && <Fact label="Pick-up">{inlandText(quotation.pickup)}</Fact>}
        {quotation.delivery && <Fact label="Delivery">{inlandText(quotation.delivery)}</Fact>}
        <Fact label="Cargo ready">{formatDate(quotation.cargoReadyDate)}</Fact>
        {quotation.validUntil && <Fact label="Valid until">{formatDate(quotation.validUntil)}</Fact>}
      </SimpleGrid>

      {quotation.status === 'REQUESTED' && (
        <Alert color="orange" title="On request" data-testid="on-request">
          <Stack gap={4}>
            <Text size="sm">
              There is no published rate for this enquiry yet. Our team will price it and you will be told as
              soon as the price is ready; it then appears in your quotation list.
            </Text>
            {inlandOnRequestText(quotation) && (
              <Text size="sm" data-testid="inland-on-request">
                {inlandOnRequestText(quotation)}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {quotation.status === 'REJECTED' && (
        <Alert color="gray" title="Rejected">
          {quotation.rejectionReason ?? 'This quotation was rejected.'}
        </Alert>
      )}
      {quotation.status === 'EXPIRED' && (
        <Alert color="gray" title="Expired">
          This quotation is past its validity. Make a new enquiry for a current price.
        </Alert>
      )}
      {quotation.status === 'ACCEPTED' && quotation.bookingId && (
        <Alert color="green" title="Booked">
          <AnchorLink to="/app-dashboard/app-booking-list">See your bookings</AnchorLink>
        </Alert>
      )}

      {quotation.totalAmount !== null && quotation.charges.length > 0 && (
        <Paper withBorder radius="md" p={0} className={classes.breakdown}>
          <ChargeBreakdown quotation={quotation} />
        </Paper>
      )}
      {quotation.totalAmount !== null && quotation.validUntil && (
        <Text size="sm">
          <strong>{formatMoney(quotation.totalAmount, quotation.currency)}</strong> all in, valid until{' '}
          <strong>{formatDate(quotation.validUntil)}</strong> for cargo ready from{' '}
          {formatDate(quotation.cargoReadyDate)}.
        </Text>
      )}

      {(canAccept && can('CP.QUOTATION.ACCEPT')) || (canReject && can('CP.QUOTATION.REJECT')) ? (
        <Group gap="sm">
          {canAccept && can('CP.QUOTATION.ACCEPT') && (
            <Button onClick={() => setConfirming(true)} loading={accept.isPending}>
              Accept and book
            </Button>
          )}
          {canReject && can('CP.QUOTATION.REJECT') && (
            <Button variant="default" onClick={onReject}>
              Reject
            </Button>
          )}
        </Group>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={`Accept ${quotation.number} and book?`}
        confirmLabel="Accept and book"
        onConfirm={onAccept}
        onClose={() => setConfirming(false)}
      >
        {`You book ${equipmentText(quotation.equipment)} on ${laneText(quotation.pol, quotation.pod)}`}
        {quotation.totalAmount !== null &&
          ` at ${formatMoney(quotation.totalAmount, quotation.currency)} all in`}
        . The carrier then confirms the vessel and voyage; until it does, you can cancel the booking.
      </ConfirmDialog>
    </Stack>
  );
}
