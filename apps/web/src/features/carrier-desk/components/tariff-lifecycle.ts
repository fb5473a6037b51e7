import type { Tariff } from '@lading/contract/tariffs';
import { formatDate } from '../../../lib/format';
import { carrierDeskKeys } from '../api/query-keys';

/** What can be done to a tariff of any kind besides editing it. */
export type TariffAction = 'deactivate' | 'reactivate' | 'delete';

/** What the lifecycle reads of a tariff of any kind (sea, inland). */
export type LifecycleTariff = { id: number; version: number; active: boolean; quotationCount: number };

/**
 * One kind of tariff on the carrier desk (sea, inland): where the API keeps it, the lists to load again after a
 * change, and its words.
 */
export type TariffKind<T extends LifecycleTariff> = {
  /** The API collection: "/cp/tariffs/"; one tariff is `${url}${id}/`. */
  url: string;
  /** Every page and filter of the kind's list. */
  queryKey: readonly unknown[];
  /** "tariff", "inland tariff". */
  noun: string;
  /** The tariff named in a lifecycle dialog and its toast. */
  name: (tariff: T) => string;
  /** The tariff named in the editor's title and its "saved" toast. */
  label: (tariff: T) => string;
  /** A row button's name, the action then the tariff. */
  buttonName: (verb: string, tariff: T) => string;
  /** What each action does, in the dialog that asks. */
  explain: Record<TariffAction, string>;
};

/** "Tariff", "Inland tariff": the kind's noun starting a sentence. */
export const capitalNoun = (kind: Pick<TariffKind<never>, 'noun'>) =>
  `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)}`;

/** The list's mark: active, or deactivated (kept for the quotations priced from it). */
export const tariffStatus = (tariff: Pick<LifecycleTariff, 'active'>) =>
  tariff.active ? { status: 'Active', color: '#1e6b30' } : { status: 'Inactive', color: '#495057' };

/**
 * The actions offered: deactivate an active tariff, reactivate an inactive one, and delete one only while no quotation
 * was priced from it (the server refuses the rest with 409 too).
 */
export function tariffActions(tariff: Pick<LifecycleTariff, 'active' | 'quotationCount'>): TariffAction[] {
  const actions: TariffAction[] = [tariff.active ? 'deactivate' : 'reactivate'];
  if (tariff.quotationCount === 0) actions.push('delete');
  return actions;
}

/** Why a tariff that priced quotations offers no Delete. */
export const pricedFrom = (tariff: Pick<LifecycleTariff, 'quotationCount'>) =>
  tariff.quotationCount === 0
    ? 'No quotation priced from it'
    : `${tariff.quotationCount} ${tariff.quotationCount === 1 ? 'quotation' : 'quotations'} priced from it`;

/** Each action's button, what its toast says has happened, and its colour (a delete is red). */
const ACTIONS: Record<TariffAction, { button: string; done: string; color?: string }> = {
  deactivate: { button: 'Deactivate', done: 'deactivated: it prices no new enquiry' },
  reactivate: { button: 'Reactivate', done: 'reactivated: it prices new enquiries again' },
  delete: { button: 'Delete', done: 'deleted', color: '#c92a2a' },
};

/** Each action's question, what it does, its button, its colour and its toast, in the kind's words. */
export function tariffActionTexts<T extends LifecycleTariff>(
  kind: TariffKind<T>,
  action: TariffAction,
  tariff: T,
) {
  const name = kind.name(tariff);
  const { button, done, color } = ACTIONS[action];
  return {
    button,
    title: `${button} ${kind.noun} ${name}?`,
    body: kind.explain[action],
    confirmLabel: `${button} tariff`,
    color,
    done: `${capitalNoun(kind)} ${name} ${done}.`,
  };
}

/** The sea tariffs: a lane, a size-type and charge lines (decision 019). */
export const SEA_TARIFF: TariffKind<Tariff> = {
  url: '/cp/tariffs/',
  queryKey: carrierDeskKeys.tariffs,
  noun: 'tariff',
  /** "INNSA → AEJEA 22G1, 01/12/2026 – 28/02/2027". */
  name: (tariff) =>
    `${tariff.pol.code} → ${tariff.pod.code} ${tariff.isoCode}, ${formatDate(tariff.validFrom)} – ${formatDate(tariff.validTo)}`,
  /** "INNSA → AEJEA 22G1". */
  label: (tariff) => `${tariff.pol.code} → ${tariff.pod.code} ${tariff.isoCode}`,
  /** "Deactivate tariff INNSA to AEJEA 22G1 from 2026-12-01". */
  buttonName: (verb, tariff) =>
    `${verb} tariff ${tariff.pol.code} to ${tariff.pod.code} ${tariff.isoCode} from ${tariff.validFrom}`,
  explain: {
    deactivate:
      'It will price no new rate enquiry. It stays in the list, marked inactive, for history and for the quotations already priced from it; you can reactivate it later.',
    reactivate: 'New rate enquiries on this lane and size-type will be priced from it again.',
    delete: 'No quotation was priced from it. It is removed with its charges and cannot be brought back.',
  },
};
