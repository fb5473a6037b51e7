import type { ShipmentTask } from '@lading/contract/shipments';
import type { BlStatus } from '@lading/contract/status-codes';
import { type LateAcceptanceBody, LateAcceptanceBodySchema } from '@lading/contract/voyages';
import { formatSpan } from '../../../lib/deadline';
import { formatPortTime, fromPortLocalInput, toPortLocalInput } from '../../../lib/port-time';

/**
 * Carrier staff's late acceptance of a bill's shipping instructions (the DCO) or VGM (the VCO), issue 26: when it is
 * offered, what the dialog checks before sending, and the body it sends. The server keeps the last word (a 400 on
 * `until`, a 409 for an issued bill); these are the rules a reader should meet before that.
 */

/** A cut-off this close (or past) offers "Accept late…": staff act on a customer's call before the deadline too. */
export const NEAR_CUT_OFF_HOURS = 48;

const HOUR = 3_600_000;

/** What the task is about, as staff say it. */
export const TASK_NAMES = { DCO: 'SI', VCO: 'VGM' } as const;
export const CUT_OFF_NAMES = {
  DCO: 'documentation cut-off (DCO)',
  VCO: 'VGM cut-off (VCO)',
} as const;

/**
 * Whether "Accept late…" is offered beside a task: there is a bill not yet issued, the task is open and not done,
 * the vessel has not left the port of loading, and the cut-off has passed or is within NEAR_CUT_OFF_HOURS. (Who may
 * grant it, ADMIN.BL_REVIEW.APPROVE, is the caller's check.)
 */
export function offersLateAcceptance(
  task: Pick<ShipmentTask, 'at' | 'done' | 'open' | 'departed'>,
  bill: { status: BlStatus; isIssued: boolean } | null,
  now: number,
): boolean {
  if (!bill || bill.isIssued || bill.status === 'ISSUED' || bill.status === 'SURRENDERED') return false;
  if (!task.open || task.done || task.departed || !task.at) return false;
  const at = Date.parse(task.at);
  return !Number.isNaN(at) && at - now <= NEAR_CUT_OFF_HOURS * HOUR;
}

/** The sailing's departure from the port of loading: no acceptance runs past it (nothing is taken once it sails). */
export type Departure = { vesselName: string; carrierVoyageNumber: string; etd: string } | null;

/** What the dialog knows of the task: the cut-off, its time and the port whose time it is typed in. */
export type LateAcceptanceContext = {
  cutOff: ShipmentTask['cutOff'];
  /** The cut-off (UTC). */
  at: string;
  port: { name: string; timeZone: string | null };
  departure: Departure;
};

export type LateAcceptanceForm = { until: string; reason: string };

const LABELS: Record<keyof LateAcceptanceForm, string> = { until: 'Accept until', reason: 'Reason' };

/** A message after its field's name when it is worded to follow one ("is required" -> "Accept until is required"). */
export function fieldMessage(field: string, message: string): string {
  const label = LABELS[field as keyof LateAcceptanceForm];
  return label && /^(is|are|must|should|has|cannot)\b/.test(message) ? `${label} ${message}` : message;
}

/** The form's cell for a body path (the body's names are the form's). */
export const toLateAcceptanceField = (path: string): keyof LateAcceptanceForm | null =>
  path === 'until' || path === 'reason' ? path : null;

/** The body sent: `until` typed in the port's time, as the UTC instant it names there. */
export function toLateAcceptanceBody(form: LateAcceptanceForm, context: LateAcceptanceContext) {
  return {
    cutOff: context.cutOff,
    reason: form.reason,
    until: fromPortLocalInput(form.until, context.port.timeZone) ?? undefined,
  };
}

/**
 * The contract's body schema, with what makes `until` sensible here: in the future (checked when the form is sent),
 * after the cut-off (earlier changes nothing), and no later than the vessel's departure from the port of loading.
 */
export function lateAcceptanceSchema(context: LateAcceptanceContext, clock: () => number = Date.now) {
  const zone = context.port.timeZone;
  return LateAcceptanceBodySchema.superRefine((body, ctx) => {
    const until = Date.parse(body.until);
    if (until <= clock()) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'must be in the future' });
      return;
    }
    if (until <= Date.parse(context.at))
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `must be after the cut-off, ${formatPortTime(context.at, zone)}`,
      });
    else if (context.departure && until > Date.parse(context.departure.etd))
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: `must be no later than the vessel’s departure from ${context.port.name}, ${formatPortTime(context.departure.etd, zone)}: nothing is taken once it sails`,
      });
  });
}

/**
 * The dialog's first values: until six hours before the vessel's departure (time to check the SI or VGM before it
 * sails), when that is still after the cut-off and at least an hour away; otherwise left for staff to type.
 */
export function lateAcceptanceDefaults(context: LateAcceptanceContext, now: number): LateAcceptanceForm {
  if (!context.departure) return { until: '', reason: '' };
  const until = Date.parse(context.departure.etd) - 6 * HOUR;
  const useful = until > now + HOUR && until > Date.parse(context.at);
  return {
    until: useful ? toPortLocalInput(new Date(until).toISOString(), context.port.timeZone) : '',
    reason: '',
  };
}

/** "passed 3 h 20 min ago" or "in 19 h": where the cut-off stands now. */
export function cutOffWhen(at: string, now: number): string {
  const ms = Date.parse(at) - now;
  return ms > 0 ? `in ${formatSpan(ms)}` : `passed ${formatSpan(-ms)} ago`;
}

export type { LateAcceptanceBody };
