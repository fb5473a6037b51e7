import { DEFAULT_WINDOW_DAYS, type PointToPointQuery } from '@lading/contract/voyages';
import type { PointToPointSearch } from '../api/find-sailings';
import type { ScheduleSearch } from './schedule-search';

/** A port picked in a typeahead (the reference data's port), or one the address named, by code and name. */
export type SchedulePort = { code: string; name: string };

/** The search form: picked ports, the departure window as typed (YYYY-MM-DD), direct only ('0') or one transhipment. */
export type ScheduleForm = {
  pol: SchedulePort | null;
  pod: SchedulePort | null;
  departureFrom: string;
  departureTo: string;
  maxTranshipment: '0' | '1';
};

/** The server refuses a wider window (PointToPointQuerySchema). */
export const MAX_WINDOW_DAYS = 92;

/** `day` (YYYY-MM-DD) plus `days`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The search the address asks for, with the screen's defaults for what it leaves out: the window from today to
 * four weeks on, up to one transhipment. Null until both ports are there (nothing to search yet).
 */
export function pointToPointSearch(search: ScheduleSearch, today: string): PointToPointSearch | null {
  if (!search.pol || !search.pod) return null;
  const departureFrom = search.departureFrom ?? today;
  return {
    pol: search.pol,
    pod: search.pod,
    departureFrom,
    departureTo: search.departureTo ?? addDays(departureFrom, DEFAULT_WINDOW_DAYS),
    maxTranshipment: search.maxTranshipment ?? 1,
  };
}

/** The form as the address leaves it (ports are filled in once they are looked up by code). */
export function scheduleFormDefaults(search: ScheduleSearch, today: string): ScheduleForm {
  const departureFrom = search.departureFrom ?? today;
  return {
    pol: null,
    pod: null,
    departureFrom,
    departureTo: search.departureTo ?? addDays(departureFrom, DEFAULT_WINDOW_DAYS),
    maxTranshipment: search.maxTranshipment === 0 ? '0' : '1',
  };
}

const blankToUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The form as the query of GET cp/schedules/point-to-point/, for the contract's schema to check. */
export function toScheduleQuery(form: ScheduleForm): Partial<Record<keyof PointToPointQuery, unknown>> {
  return {
    pol: form.pol?.code,
    pod: form.pod?.code,
    departureFrom: blankToUndefined(form.departureFrom),
    departureTo: blankToUndefined(form.departureTo),
    maxTranshipment: form.maxTranshipment,
  };
}

const FIELDS = ['pol', 'pod', 'departureFrom', 'departureTo', 'maxTranshipment'];

/** The query's names are the form's. */
export const toScheduleField = (path: string): string | null => (FIELDS.includes(path) ? path : null);

const LABELS: Record<string, string> = {
  pol: 'Port of loading',
  pod: 'Port of discharge',
  departureFrom: 'Departing from',
  departureTo: 'Departing until',
};

/** "is required" under "Port of loading" reads "Port of loading is required"; sentences stay as they are. */
export function toScheduleMessage(field: string, message: string): string {
  return /^[a-z]/.test(message) && LABELS[field] ? `${LABELS[field]} ${message}` : message;
}

/** The checked query as the address keeps it. */
export function toScheduleSearch(query: PointToPointQuery): ScheduleSearch {
  return {
    pol: query.pol,
    pod: query.pod,
    departureFrom: query.departureFrom,
    departureTo: query.departureTo,
    maxTranshipment: query.maxTranshipment === 0 ? 0 : 1,
  };
}

/**
 * The end of a window four weeks wider, within the longest window the server takes; null when it is that long
 * already.
 */
export function widerWindowEnd(search: PointToPointSearch): string | null {
  const limit = addDays(search.departureFrom, MAX_WINDOW_DAYS);
  if (search.departureTo >= limit) return null;
  const wider = addDays(search.departureTo, DEFAULT_WINDOW_DAYS);
  // YYYY-MM-DD compare as text.
  if (wider > limit) return limit;
  return wider;
}
