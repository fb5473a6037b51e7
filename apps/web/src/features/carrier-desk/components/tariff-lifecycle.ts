import type { Tariff } from '@lading/contract/tariffs';
import { formatDate } from '../../../lib/format';

/** What can be done to a tariff besides editing it. */
export type TariffAction = 'deactivate' | 'reactivate' | 'delete';

/** A tariff named as staff know it: "INNSA → AEJEA 22G1, 01/12/2026 – 28/02/2027". */
export const tariffName = (tariff: Tariff) =>
  `${tariff.pol.code} → ${tariff.pod.code} ${tariff.isoCode}, ${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`;

/** A row button's name, the action then the tariff: "Deactivate tariff INNSA to AEJEA 22G1 from 2026-12-01". */
export const tariffButtonName = (verb: string, tariff: Tariff) =>
  `${verb} tariff ${tariff.pol.code} to ${tariff.pod.code} ${tariff.isoCode} from ${tariff.validFrom}`;

/** The list's mark: active, or deactivated (kept for the quotations priced from it). */
export const tariffStatus = (tariff: Pick<Tariff, 'active'>) =>
  tariff.active ? { status: 'Active', color: '#1e6b30' } : { status: 'Inactive', color: '#495057' };

/**
 * The actions offered: deactivate an active tariff, reactivate an inactive one, and delete one only while no quotation
 * was priced from it (the server refuses the rest with 409 too).
 */
export function tariffActions(tariff: Tariff): TariffAction[] {
  const actions: TariffAction[] = [tariff.active ? 'deactivate' : 'reactivate'];
  if (tariff.quotationCount === 0) actions.push('delete');
  return actions;
}

/** Why a tariff that priced quotations offers no Delete. */
export const pricedFrom = (tariff: Pick<Tariff, 'quotationCount'>) =>
  tariff.quotationCount === 0
    ? 'No quotation priced from it'
    : `${tariff.quotationCount} ${tariff.quotationCount === 1 ? 'quotation' : 'quotations'} priced from it`;

/** Each action's question, what it does, its button, its colour and its toast. */
export function tariffActionTexts(action: TariffAction, tariff: Tariff) {
  const name = tariffName(tariff);
  switch (action) {
    case 'deactivate':
      return {
        button: 'Deactivate',
        title: `Deactivate tariff ${name}?`,
        body: 'It will price no new rate enquiry. It stays in the list, marked inactive, for history and for the quotations already priced from it; you can reactivate it later.',
        confirmLabel: 'Deactivate tariff',
        color: undefined,
        done: `Tariff ${name} deactivated: it prices no new enquiry.`,
      };
    case 'reactivate':
      return {
        button: 'Reactivate',
        title: `Reactivate tariff ${name}?`,
        body: 'New rate enquiries on this lane and size-type will be priced from it again.',
        confirmLabel: 'Reactivate tariff',
        color: undefined,
        done: `Tariff ${name} reactivated: it prices new enquiries again.`,
      };
    case 'delete':
      return {
        button: 'Delete',
        title: `Delete tariff ${name}?`,
        body: 'No quotation was priced from it. It is removed with its charges and cannot be brought back.',
        confirmLabel: 'Delete tariff',
        color: '#c92a2a',
        done: `Tariff ${name} deleted.`,
      };
  }
}
