import { NOTIFY_DELAY_HOURS, type TransportCall } from '@lading/contract/voyages';

/** What staff may do to a call, by its status: a call that has left, or was omitted, is history. */
export type CallAction = 'delay' | 'omit' | 'actuals' | 'cut-offs';

export function callActions(call: Pick<TransportCall, 'status'>): CallAction[] {
  switch (call.status) {
    case 'SCHEDULED':
      return ['delay', 'omit', 'actuals', 'cut-offs'];
    case 'ARRIVED':
      return ['actuals', 'cut-offs'];
    default:
      return [];
  }
}

/** "Record arrival" before the vessel is in, "Record departure" once it is. */
export const actualsLabel = (call: Pick<TransportCall, 'status'>) =>
  call.status === 'ARRIVED' ? 'Record departure' : 'Record arrival';

export type DelayEffect = {
  /** Signed whole hours each estimate moves. */
  etaHours: number;
  etdHours: number;
  /** The customers booked on the voyage are told (bell and e-mail): a move of more than NOTIFY_DELAY_HOURS. */
  notifies: boolean;
  /** Later (a delay), earlier, or no change at all. */
  direction: 'later' | 'earlier' | 'none';
};

/**
 * What new estimates do to a call, as the server decides it: customers are told when the arrival or the departure
 * moves by more than NOTIFY_DELAY_HOURS (12 h), either way.
 */
export function delayEffect(
  call: Pick<TransportCall, 'eta' | 'etd'>,
  next: { eta: string; etd: string },
): DelayEffect {
  const etaMs = Date.parse(next.eta) - Date.parse(call.eta);
  const etdMs = Date.parse(next.etd) - Date.parse(call.etd);
  const moved = Math.max(Math.abs(etaMs), Math.abs(etdMs));
  const main = etdMs !== 0 ? etdMs : etaMs;
  return {
    etaHours: Math.round(etaMs / 3_600_000),
    etdHours: Math.round(etdMs / 3_600_000),
    notifies: moved > NOTIFY_DELAY_HOURS * 3_600_000,
    direction: main > 0 ? 'later' : main < 0 ? 'earlier' : 'none',
  };
}

/** "+30 h", "-2 h", "unchanged". */
export const shiftLabel = (hours: number) =>
  hours === 0 ? 'unchanged' : `${hours > 0 ? '+' : '−'}${Math.abs(hours)} h`;
