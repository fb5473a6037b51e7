import type {
  Shipment,
  ShipmentBill,
  ShipmentCall,
  ShipmentLeg,
  ShipmentTask,
} from '@lading/contract/shipments';
import type { TransportCallStatus } from '@lading/contract/voyages';
import { Alert, Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import tableClasses from '../../../components/plain-table.module.css';
import { StatusPill } from '../../../components/status-pill';
import { type DeadlineState, deadlineState, deadlineText } from '../../../lib/deadline';
import { formatDate } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatMoney } from '../../../lib/format-money';
import { formatPortTime } from '../../../lib/port-time';
import { BookingStatusBadge } from './booking-status-badge';
import classes from './shipment.module.css';
import { actionText, actorText, changesText, equipmentText, portText, TASK_TEXT } from './shipment-format';

/** One section of the page: a region named by its heading, the target of the page's section links. */
export function ShipmentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm" className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One labelled fact (a term and its description). */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/* ---------------------------------------------------------------- overview */

function PartyText({
  party,
}: {
  party: { name: string | null; address: string | null; email: string | null };
}) {
  return (
    <>
      <Text size="sm" fw={600} component="span" display="block">
        {party.name ?? '—'}
      </Text>
      {party.address && (
        <Text size="xs" component="span" display="block" style={{ whiteSpace: 'pre-line' }}>
          {party.address}
        </Text>
      )}
      {party.email && (
        <Text size="xs" c="dimmed" component="span" display="block">
          {party.email}
        </Text>
      )}
    </>
  );
}

/** Status, lane, sailing, equipment, cargo and the parties of the shipment. */
export function OverviewSection({ shipment, id }: { shipment: Shipment; id: string }) {
  const { booking, cargo, parties } = shipment;
  const cargoText = [
    cargo.commodity,
    cargo.hsCode && `HS ${cargo.hsCode}`,
    cargo.cargoType,
    cargo.hazardClass && `hazard ${cargo.hazardClass}${cargo.unNumber ? `, UN ${cargo.unNumber}` : ''}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ShipmentSection id={id} title="Overview">
      <Stack gap="md">
        <Box component="dl" m={0} className={classes.facts}>
          <Fact label="Status">
            <BookingStatusBadge status={booking.status} />
          </Fact>
          <Fact label="Route" testId="shipment-route">
            {portText(booking.pol)} → {portText(booking.pod)}
          </Fact>
          <Fact label="Vessel / voyage">
            {booking.vesselName
              ? `${booking.vesselName} ${booking.voyageNumber ?? ''}`.trim()
              : 'Not yet assigned'}
          </Fact>
          <Fact label="ETD / ETA">
            {formatDate(booking.etd)} / {formatDate(booking.eta)}
          </Fact>
          <Fact label="Equipment">{equipmentText(booking)}</Fact>
          <Fact label="Cargo">{cargoText || '—'}</Fact>
          {cargo.cargoReadyDate && <Fact label="Cargo ready">{formatDate(cargo.cargoReadyDate)}</Fact>}
          <Fact label="Customer">
            {booking.customer.name}
            {booking.customer.companyName ? ` · ${booking.customer.companyName}` : ''}
          </Fact>
          <Fact label="Booked on">{formatDate(booking.createdAt)}</Fact>
          {booking.quotationNumber && <Fact label="Quotation">{booking.quotationNumber}</Fact>}
        </Box>
        {booking.rejectionReason && (
          <Alert color="red" title="Rejected by the carrier">
            {booking.rejectionReason}
          </Alert>
        )}
        {parties ? (
          <Box component="dl" m={0} className={classes.facts}>
            <Fact label="Shipper">
              <PartyText party={parties.shipper} />
            </Fact>
            <Fact label="Consignee">
              <PartyText party={parties.consignee} />
            </Fact>
            {parties.notifyParties.map((party, i) => (
              <Fact key={party.party ?? `notify-${i}`} label={`Notify party ${i + 1}`}>
                <PartyText
                  party={{
                    name: party.partyNameInBl || party.partyName,
                    address: party.address,
                    email: party.email,
                  }}
                />
              </Fact>
            ))}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            The shipper, consignee and notify parties are given on the bill of lading, once the carrier has
            confirmed the booking.
          </Text>
        )}
        {cargo.description && (
          <Fact label="Description of goods">
            <span style={{ whiteSpace: 'pre-line' }}>{cargo.description}</span>
          </Fact>
        )}
      </Stack>
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- transport plan */

const CALL_STATUS: Record<TransportCallStatus, { text: string; color: string }> = {
  SCHEDULED: { text: 'Scheduled', color: '#1864ab' },
  ARRIVED: { text: 'Arrived', color: '#1e6b30' },
  DEPARTED: { text: 'Departed', color: '#495057' },
  OMITTED: { text: 'Omitted', color: '#c92a2a' },
};

/** A time at the call's port, in its own zone with its offset; nothing when there is none. */
function CallTime({ label, iso, call }: { label: string; iso: string | null; call: ShipmentCall }) {
  return (
    <div className={classes.time}>
      <Text size="xs" c="dimmed" fw={600} component="dt" className={classes.timeLabel}>
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {iso ? <time dateTime={iso}>{formatPortTime(iso, call.port.timeZone)}</time> : '—'}
      </Text>
    </div>
  );
}

/** One stop of the plan: what happens there (load, tranship, discharge), the port and terminal, its times. */
function Stop({ call, role, testId }: { call: ShipmentCall; role: string; testId: string }) {
  const status = CALL_STATUS[call.status];
  return (
    <li className={classes.stop} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div className={classes.wrap}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {role}
          </Text>
          <Text fw={600}>{portText(call.port)}</Text>
          <Text size="xs" c="dimmed">
            {call.terminalName ?? 'Terminal not set'}
          </Text>
        </div>
        <StatusPill status={status.text} color={status.color} />
      </Group>
      <Box component="dl" m={0} mt={6} className={classes.times}>
        <CallTime label="ETA" iso={call.eta} call={call} />
        <CallTime label="ETD" iso={call.etd} call={call} />
        <CallTime label="ATA" iso={call.ata} call={call} />
        <CallTime label="ATD" iso={call.atd} call={call} />
      </Box>
    </li>
  );
}

function Leg({ leg, index, count }: { leg: ShipmentLeg; index: number; count: number }) {
  const last = index === count - 1;
  return (
    <li className={classes.leg} data-testid="shipment-leg">
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text fw={700} className={classes.wrap}>
          {leg.vessel.name} · voyage {leg.carrierVoyageNumber}
        </Text>
        {leg.planned && <StatusPill status="Planned connection" color="#5f3dc4" />}
      </Group>
      <Text size="xs" c="dimmed" mb="xs" className={classes.wrap}>
        {leg.service.name} ({leg.service.code}) · IMO {leg.vessel.imoNumber} · flag {leg.vessel.flag}
      </Text>
      <ol className={classes.stops}>
        <Stop
          call={leg.load}
          role={index === 0 ? 'Port of loading' : 'Transhipment: departs'}
          testId="plan-load"
        />
        {leg.discharge ? (
          <Stop
            call={leg.discharge}
            role={last ? 'Port of discharge' : 'Transhipment: arrives'}
            testId="plan-discharge"
          />
        ) : (
          <li className={classes.stop}>
            <Text size="sm">
              This vessel does not reach the port of discharge, and the schedule has no connection for it yet.
              The carrier will arrange the onward sailing.
            </Text>
          </li>
        )}
      </ol>
    </li>
  );
}

/**
 * The legs from the port of loading to the port of discharge, each call's times in its port's local time; `actions`
 * below them (carrier staff's roll-over, handed in by the app; it lays itself out and renders nothing for others).
 */
export function PlanSection({
  shipment,
  id,
  actions,
}: {
  shipment: Shipment;
  id: string;
  actions?: ReactNode;
}) {
  const { legs, booking } = shipment;
  return (
    <ShipmentSection id={id} title="Transport plan">
      {legs.length === 0 ? (
        <Text size="sm">
          {booking.vesselName
            ? `${booking.vesselName} ${booking.voyageNumber ?? ''}: ETD ${formatDate(booking.etd)}, ETA ${formatDate(booking.eta)} (booked before the carrier's schedule; no port calls to show).`
            : booking.status === 'REQUESTED'
              ? 'The carrier puts the booking on a sailing when confirming it.'
              : 'This booking is on no sailing.'}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Times are each port’s local time, with its offset from UTC.
            {legs.length > 1 && ' The onward vessel is the schedule’s connection at the transhipment port.'}
          </Text>
          <ol className={classes.legs} aria-label="Legs">
            {legs.map((leg, i) => (
              <Leg key={`${leg.voyageId}-${leg.load.sequence}`} leg={leg} index={i} count={legs.length} />
            ))}
          </ol>
        </Stack>
      )}
      {actions}
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- tasks */

const STATE: Record<DeadlineState, { text: string; color: string }> = {
  done: { text: 'Done', color: '#1e6b30' },
  due: { text: 'Due', color: '#9a3c00' },
  overdue: { text: 'Overdue', color: '#c92a2a' },
  none: { text: 'No deadline', color: '#495057' },
};

/**
 * A late acceptance granted before the cut-off has passed: the deadline still reads "due in …", so the acceptance
 * is said apart ("Accepted late until …"). Once the cut-off has passed, the deadline's own text says it.
 */
function acceptedAhead(task: ShipmentTask, now: number): string | null {
  if (!task.lateUntil || !task.at || task.done || task.departed) return null;
  const until = Date.parse(task.lateUntil);
  if (!(until > now) || !(Date.parse(task.at) > now) || !(until > Date.parse(task.at))) return null;
  return `Accepted late until ${formatPortTime(task.lateUntil, task.port.timeZone)}`;
}

function Task({
  task,
  bill,
  now,
  vgmAnchor,
  action,
}: {
  task: ShipmentTask;
  bill: ShipmentBill | null;
  now: number;
  vgmAnchor?: string;
  /** What carrier staff may do about the task (a late acceptance), handed in by the app; it lays itself out. */
  action?: ReactNode;
}) {
  const state = deadlineState(task, now);
  const text = TASK_TEXT[task.code];
  const lateAhead = acceptedAhead(task, now);
  const doneText =
    state === 'done'
      ? task.doneAt
        ? `Done ${formatPortTime(task.doneAt, task.port.timeZone)}`
        : 'Done'
      : null;
  return (
    <li className={classes.task} data-testid={`task-${task.code}`} data-state={state}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div className={classes.wrap}>
          <Text fw={600}>{text.title}</Text>
          <Text size="xs" c="dimmed">
            By the {text.cutOff} at {task.port.name}
          </Text>
        </div>
        <StatusPill status={STATE[state].text} color={STATE[state].color} />
      </Group>
      <Text size="sm" mt={4} data-testid={`task-${task.code}-text`}>
        {doneText ?? `${task.code === 'SI' ? 'SI' : 'VGM'} ${deadlineText(task, task.port.timeZone, now)}`}
      </Text>
      {lateAhead && (
        <Text size="sm" data-testid={`task-${task.code}-late`}>
          {lateAhead}
        </Text>
      )}
      {!task.open && state !== 'done' && (
        <Text size="xs" c="dimmed">
          Opens when the carrier confirms the booking and drafts its bill of lading.
        </Text>
      )}
      {task.open && state === 'due' && bill && task.code === 'SI' && (
        <AnchorLink to="/bl_view/$id" params={{ id: String(bill.id) }} size="sm">
          Complete bill of lading {bill.number}
        </AnchorLink>
      )}
      {task.open && state === 'due' && task.code === 'VGM' && vgmAnchor && (
        <Anchor href={`#${vgmAnchor}`} size="sm">
          Declare the VGM below
        </Anchor>
      )}
      {state === 'overdue' && !task.departed && (
        <Text size="xs">Contact the carrier: only a late acceptance by the carrier reopens it.</Text>
      )}
      {action}
    </li>
  );
}

/** The customer's deadlines: the SI by the DCO, the VGM by the VCO; done, due or overdue now. */
export function TasksSection({
  shipment,
  id,
  now,
  vgmAnchor,
  taskAction,
}: {
  shipment: Shipment;
  id: string;
  now: number;
  /** Where the page shows the VGM declarations, if it does. */
  vgmAnchor?: string;
  /** Carrier staff's action beside a task (the app hands in the bills' late acceptance). */
  taskAction?: (task: ShipmentTask, shipment: Shipment) => ReactNode;
}) {
  return (
    <ShipmentSection id={id} title="Tasks and deadlines">
      {shipment.tasks.length === 0 ? (
        <Text size="sm">No deadlines: the booking is on no sailing of the carrier’s schedule.</Text>
      ) : (
        <ul className={classes.tasks}>
          {shipment.tasks.map((task) => (
            <Task
              key={task.code}
              task={task}
              bill={shipment.bill}
              now={now}
              vgmAnchor={vgmAnchor}
              action={taskAction?.(task, shipment)}
            />
          ))}
        </ul>
      )}
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- containers */

const kg = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** The containers allocated to the bill: number, size-type, seal, packages, weights and VGM. */
export function ContainersSection({ shipment, id }: { shipment: Shipment; id: string }) {
  const { containers } = shipment;
  return (
    <ShipmentSection id={id} title="Containers">
      {containers.length === 0 ? (
        <Text size="sm">
          {shipment.booking.status === 'REQUESTED'
            ? `Booked: ${equipmentText(shipment.booking)}. The carrier allocates the containers on confirmation.`
            : 'No containers allocated.'}
        </Text>
      ) : (
        // Wider than a phone: the table scrolls inside its own region (reachable by keyboard), never the page.
        <section
          className={classes.scroll}
          aria-label="Containers (scrolls sideways)"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className={tableClasses.table} data-striped data-testid="shipment-containers">
            <thead>
              <tr>
                <th scope="col">Container No.</th>
                <th scope="col">Type</th>
                <th scope="col">Seal No</th>
                <th scope="col">Packages</th>
                <th scope="col">Cargo gross (kg)</th>
                <th scope="col">Tare (kg)</th>
                <th scope="col">VGM (kg)</th>
                <th scope="col">VGM method</th>
              </tr>
            </thead>
            <tbody>
              {containers.map((c) => (
                <tr key={c.containerId}>
                  <th scope="row">{c.containerNumber}</th>
                  <td>{c.containerIsoCode}</td>
                  <td>{c.sealNo ?? '—'}</td>
                  <td>{c.noOfPacks ?? '—'}</td>
                  <td>{kg(c.grossWeight)}</td>
                  <td>{kg(c.containerTareweight)}</td>
                  <td>{kg(c.vgm)}</td>
                  <td>{c.vgmMethod ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- documents */

/**
 * The bill of lading: open it (edit for the customer, view for staff), and the document actions the app hands in
 * (PDF, DCSA JSON, e-mail: the bills-of-lading feature's own buttons).
 */
export function DocumentsSection({
  shipment,
  id,
  canEdit,
  billActions,
}: {
  shipment: Shipment;
  id: string;
  canEdit: boolean;
  billActions?: (bill: ShipmentBill) => ReactNode;
}) {
  const { bill } = shipment;
  return (
    <ShipmentSection id={id} title="Documents">
      {bill ? (
        <Stack gap="xs" data-testid="shipment-bill">
          <Group gap="xs" align="center" wrap="wrap">
            <Text fw={600}>
              {bill.isIssued ? 'Bill of lading' : 'Draft bill of lading'} {bill.number}
            </Text>
            <StatusPill status={bill.status} color={bill.isIssued ? '#1e6b30' : '#1864ab'} />
          </Group>
          <Text size="xs" c="dimmed">
            Last changed {formatDateTime(bill.updatedAt)} · DCSA status {bill.dcsaStatus}
          </Text>
          {bill.status === 'DRAFT' && bill.reviewComment && (
            <Alert color="orange" title="Returned by the carrier">
              {bill.reviewComment}
            </Alert>
          )}
          <Group gap="xs" wrap="wrap">
            <AnchorLink
              to="/bl_view/$id"
              params={{ id: String(bill.id) }}
              size="sm"
              aria-label={`${canEdit && !bill.isIssued ? 'Open' : 'View'} bill of lading ${bill.number}`}
            >
              {canEdit && !bill.isIssued ? 'Open' : 'View'}
            </AnchorLink>
            {billActions?.(bill)}
          </Group>
        </Stack>
      ) : (
        <Text size="sm">The bill of lading is drafted when the carrier confirms the booking.</Text>
      )}
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- pricing */

/** The quotation's charges and total. */
export function PricingSection({ shipment, id }: { shipment: Shipment; id: string }) {
  const { pricing } = shipment;
  return (
    <ShipmentSection id={id} title="Pricing">
      {!pricing ? (
        <Text size="sm">No price to show for this booking.</Text>
      ) : pricing.charges.length === 0 ? (
        <Text size="sm">Quotation {pricing.quotationNumber} has no charges yet.</Text>
      ) : (
        <table
          className={tableClasses.table}
          aria-label={`Charges of quotation ${pricing.quotationNumber}`}
          data-testid="shipment-charges"
        >
          <thead>
            <tr>
              <th scope="col">Charge</th>
              <th scope="col" className={classes.amount} style={{ textAlign: 'end' }}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {pricing.charges.map((charge) => (
              <tr key={`${charge.code}-${charge.isoCode ?? ''}-${charge.unitAmount}`}>
                <td className={classes.wrap}>
                  <Text size="sm">{charge.name}</Text>
                  <Text size="xs" c="dimmed">
                    {charge.isoCode ? `${charge.isoCode}, ` : 'per bill, '}
                    {charge.quantity} × {formatMoney(charge.unitAmount, charge.currency)}
                  </Text>
                </td>
                <td className={classes.amount} style={{ textAlign: 'end' }}>
                  {formatMoney(charge.amount, charge.currency)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total (quotation {pricing.quotationNumber})</th>
              <td className={classes.amount} style={{ textAlign: 'end' }}>
                <strong>{formatMoney(pricing.totalAmount, pricing.currency)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </ShipmentSection>
  );
}

/* ---------------------------------------------------------------- log */

/** The history of the booking and its bill, newest first. */
export function LogSection({
  shipment,
  id,
  readerIsCustomer,
}: {
  shipment: Shipment;
  id: string;
  readerIsCustomer: boolean;
}) {
  return (
    <ShipmentSection id={id} title="Log">
      {shipment.log.length === 0 ? (
        <Text size="sm">Nothing recorded yet.</Text>
      ) : (
        <ol className={classes.log} data-testid="shipment-log">
          {shipment.log.map((entry) => {
            const changes = changesText(entry);
            return (
              <li key={entry.id} className={classes.logEntry}>
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ·{' '}
                  {entry.record === 'BOOKING' ? 'Booking' : 'Bill of lading'} {entry.recordNumber}
                </Text>
                <Text size="sm" fw={600}>
                  {actionText(entry)}
                  {entry.fromStatus || entry.toStatus
                    ? ` (${[entry.fromStatus, entry.toStatus].filter(Boolean).join(' → ')})`
                    : ''}
                </Text>
                <Text size="xs">by {actorText(entry, readerIsCustomer)}</Text>
                {entry.comment && (
                  <Text size="xs" className={classes.wrap}>
                    {entry.comment}
                  </Text>
                )}
                {changes && (
                  <Text size="xs" c="dimmed" className={classes.wrap}>
                    {changes}
                  </Text>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </ShipmentSection>
  );
}
