import type { Booking } from '@lading/contract/bookings';
import type { ShipmentLogEntry, ShipmentTask } from '@lading/contract/shipments';

/** "Jebel Ali (AEJEA)"; a dash for none. */
export const portText = (port: { code: string; name: string } | null | undefined) =>
  port ? `${port.name} (${port.code})` : '—';

/** "2 × 22G1, 1 × 45G1". */
export const equipmentText = (booking: Pick<Booking, 'equipment'>) =>
  booking.equipment.map((line) => `${line.quantity} × ${line.isoCode}`).join(', ') || '—';

/** What each task asks of the customer, and the cut-off it meets. */
export const TASK_TEXT: Record<ShipmentTask['code'], { title: string; cutOff: string }> = {
  SI: { title: 'Submit the shipping instructions (SI)', cutOff: 'documentation cut-off (DCO)' },
  VGM: { title: 'Declare the verified gross mass (VGM)', cutOff: 'VGM cut-off (VCO)' },
};

/** Audit actions as a reader says them; others from their code ("LATE_ACCEPTANCE_GRANTED" -> "Late acceptance granted"). */
const ACTIONS: Record<string, string> = {
  CREATED: 'Created',
  UPDATED: 'Submitted',
  CONFIRMED: 'Confirmed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  ROLLED_OVER: 'Moved to another sailing',
  SAILING_CHANGED: 'Sailing changed',
  PRINTED: 'PDF printed',
  MAILED: 'E-mailed',
  VGM_DECLARED: 'VGM declared',
};

export function actionText(entry: Pick<ShipmentLogEntry, 'record' | 'action'>): string {
  if (entry.record === 'BILL_OF_LADING' && entry.action === 'UPDATED')
    return 'Shipping instructions submitted';
  const known = ACTIONS[entry.action];
  if (known) return known;
  const words = entry.action.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Who acted, as the log says it: the booking's customer reads "You", "The carrier" or "System"; carrier staff read
 * the names the server gives them.
 */
export function actorText(
  entry: Pick<ShipmentLogEntry, 'actor' | 'actorName'>,
  readerIsCustomer: boolean,
): string {
  if (entry.actor === 'SYSTEM') return 'System';
  if (entry.actor === 'CARRIER') return entry.actorName ? `${entry.actorName} (carrier)` : 'The carrier';
  if (readerIsCustomer) return 'You';
  return entry.actorName ? `${entry.actorName} (customer)` : 'The customer';
}

const scalarText = (value: string | number | boolean | null) =>
  value === null || value === '' ? '—' : String(value);

/**
 * The changes of one log line, shortly: the sailing's move in full ("sailing: A 2611W → B 2612W"), otherwise the
 * names of the fields changed ("3 fields changed: sealNo, vgm, …").
 */
export function changesText(entry: Pick<ShipmentLogEntry, 'changes'>): string | null {
  const changes = entry.changes;
  if (changes.length === 0) return null;
  const sailing = changes.find((change) => change.field === 'sailing');
  if (sailing) return `${scalarText(sailing.before)} → ${scalarText(sailing.after)}`;
  const names = changes.slice(0, 4).map((change) => change.field);
  const more = changes.length > 4 ? ', …' : '';
  return `${changes.length} field${changes.length === 1 ? '' : 's'} changed: ${names.join(', ')}${more}`;
}
