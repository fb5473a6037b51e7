import { createHash } from 'node:crypto';
import {
  DCSA_CS_DEFAULT_LIMIT,
  DCSA_CS_ERROR_CODES,
  DCSA_CS_MAX_DEPARTURE_DAYS,
  DCSA_CS_MAX_VESSEL_SCHEDULE_DAYS,
  DCSA_CS_PORT_SCHEDULE_DAYS,
  DCSA_CS_VESSEL_SCHEDULE_DEFAULT,
  DCSA_VESSEL_SCHEDULE_FILTERS,
  type DcsaPointToPoint,
  type DcsaPointToPointQuery,
  type DcsaPortSchedule,
  type DcsaPortScheduleQuery,
  type DcsaServiceSchedule,
  type DcsaVesselScheduleQuery,
} from '@lading/contract/dcsa-schedules';
import { DEFAULT_WINDOW_DAYS, type PointToPointResult } from '@lading/contract/voyages';
import { AppError } from '../../lib/app-error';
import type { ScheduleFilter, VoyagesService } from '../voyages';
import { localDate, toPointToPoint, toPortSchedules, toServiceSchedules } from './schedule-documents';

/**
 * A refused query: 400 naming each parameter. The Commercial Schedules routes answer it in the standard's
 * `ErrorResponse` (one `errors` entry per field, with `csErrorCode`); anywhere else it is our usual 400.
 */
export function queryProblem(
  fields: Record<string, string>,
  code: number = DCSA_CS_ERROR_CODES.invalidQuery,
): AppError {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
    fields,
    details: { csErrorCode: String(code) },
  });
}

/** The most voyages one request reads: beyond it the caller is asked to narrow the filters or the window. */
const MAX_VOYAGES = 1000;
const DAY = 86_400_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const addMonths = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

/**
 * A page of a list: `limit` items from the cursor's offset. The cursor (`Next-Page-Cursor`) carries the offset, the
 * day the first page was read on (so defaults such as "today" hold for every page) and a digest of the filters: a
 * cursor sent with other filters, or one we did not give, is a 400 naming `cursor`.
 */
type Cursor = { offset: number; today: string };

function filtersDigest(query: Record<string, unknown>): string {
  const filters = Object.entries(query)
    .filter(([key, value]) => key !== 'limit' && key !== 'cursor' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

function readCursor(query: { cursor?: string } & Record<string, unknown>): Cursor {
  const today = new Date().toISOString().slice(0, 10);
  if (query.cursor === undefined) return { offset: 0, today };
  const invalid = (message: string) => queryProblem({ cursor: message }, DCSA_CS_ERROR_CODES.invalidCursor);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this API gave');
  }
  const { o, d, f } = (payload ?? {}) as { o?: unknown; d?: unknown; f?: unknown };
  if (
    typeof o !== 'number' ||
    !Number.isInteger(o) ||
    o < 0 ||
    o > 1_000_000 ||
    typeof d !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(d) ||
    typeof f !== 'string'
  )
    throw invalid('is not a cursor this API gave');
  if (f !== filtersDigest(query))
    throw invalid('belongs to other filters: send the filters of the first page with it');
  return { offset: o, today: d };
}

function pageOf<T>(
  items: T[],
  query: { limit?: number; cursor?: string } & Record<string, unknown>,
  cursor: Cursor,
): { items: T[]; nextCursor?: string } {
  const limit = query.limit ?? DCSA_CS_DEFAULT_LIMIT;
  const end = cursor.offset + limit;
  const page = items.slice(cursor.offset, end);
  if (end >= items.length) return { items: page };
  const next = { o: end, d: cursor.today, f: filtersDigest(query) };
  return { items: page, nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') };
}

/**
 * DCSA Commercial Schedules 1.0.3 over our schedule, read through the voyages module (its point-to-point search and
 * its schedule read). Read-only and carrier-wide: the schedule is the same for every signed-in caller. Every answer
 * is a page of the standard's root array; the routes add the headers.
 */
export function createCommercialSchedulesService(deps: {
  voyages: Pick<VoyagesService, 'pointToPoint' | 'scheduleVoyages'>;
}) {
  const { voyages } = deps;

  async function read(filter: ScheduleFilter, windowField: string) {
    const found = await voyages.scheduleVoyages(filter, MAX_VOYAGES);
    if (!found)
      throw queryProblem({ UNLocationCode: 'is not a port we know' }, DCSA_CS_ERROR_CODES.unknownLocation);
    if (found.more)
      throw queryProblem({
        [windowField]: `matches more than ${MAX_VOYAGES} voyages: narrow the filters or the dates`,
      });
    return found.voyages;
  }

  return {
    /**
     * Routings from the place of receipt to the place of delivery (ports: CY/CY), direct or with one transhipment
     * (`maxTranshipment` 0, or 1 and more: we offer at most one), departing in the window and arriving in theirs
     * (dates at the ports). See decision 014 for the windows' defaults.
     */
    async pointToPointRoutes(
      query: DcsaPointToPointQuery,
    ): Promise<{ items: DcsaPointToPoint[]; nextCursor?: string }> {
      const cursor = readCursor(query);
      if (query.placeOfDelivery === query.placeOfReceipt)
        throw queryProblem({ placeOfDelivery: 'must differ from the place of receipt' });
      if (
        query.departureStartDate &&
        query.departureEndDate &&
        query.departureEndDate < query.departureStartDate
      )
        throw queryProblem({ departureEndDate: 'must be on or after departureStartDate' });
      if (query.arrivalStartDate && query.arrivalEndDate && query.arrivalEndDate < query.arrivalStartDate)
        throw queryProblem({ arrivalEndDate: 'must be on or after arrivalStartDate' });
      const from = query.departureStartDate ?? cursor.today;
      const to =
        query.departureEndDate ??
        (query.arrivalEndDate && query.arrivalEndDate >= from
          ? [query.arrivalEndDate, addDays(from, DCSA_CS_MAX_DEPARTURE_DAYS - 1)].sort()[0]!
          : addDays(from, DEFAULT_WINDOW_DAYS - 1));
      if (daysBetween(from, to) >= DCSA_CS_MAX_DEPARTURE_DAYS)
        throw queryProblem({
          departureEndDate: `The departure window is at most ${DCSA_CS_MAX_DEPARTURE_DAYS} days`,
        });
      // Port to port only: routings from a store door or a freight station are quoted, not published.
      const portToPort =
        (query.receiptTypeAtOrigin ?? 'CY') === 'CY' && (query.deliveryTypeAtDestination ?? 'CY') === 'CY';
      if (!portToPort || to < from) return pageOf([], query, cursor);

      // The search's window is in UTC days; ours in days at the port of loading: a day more each side, then exact.
      let results: PointToPointResult[];
      try {
        ({ results } = await voyages.pointToPoint({
          pol: query.placeOfReceipt,
          pod: query.placeOfDelivery,
          departureFrom: addDays(from, -1),
          departureTo: addDays(to, 1),
          maxTranshipment: Math.min(query.maxTranshipment ?? 1, 1),
        }));
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fields) {
          const names: Record<string, string> = { pol: 'placeOfReceipt', pod: 'placeOfDelivery' };
          const [field] = Object.keys(error.fields);
          if (field && names[field])
            throw queryProblem(
              { [names[field]]: 'is not a port we know' },
              DCSA_CS_ERROR_CODES.unknownLocation,
            );
        }
        throw error;
      }
      const matching = results.filter((r) => {
        const departs = localDate(r.etd, r.pol.timeZone);
        const arrives = localDate(r.eta, r.pod.timeZone);
        return (
          departs >= from &&
          departs <= to &&
          (!query.arrivalStartDate || arrives >= query.arrivalStartDate) &&
          (!query.arrivalEndDate || arrives <= query.arrivalEndDate)
        );
      });
      const ids = [...new Set(matching.flatMap((r) => [r.voyageId, r.transhipment?.voyageId ?? r.voyageId]))];
      const found = ids.length ? await voyages.scheduleVoyages({ voyageIds: ids }, ids.length) : null;
      const byId = new Map((found?.voyages ?? []).map((v) => [v.id, v]));
      const routes: DcsaPointToPoint[] = [];
      for (const result of matching) {
        const route = toPointToPoint(result, byId, routes.length + 1);
        if (route) routes.push(route);
      }
      return pageOf(routes, query, cursor);
    },

    /**
     * The vessels calling at a port from `date` for DCSA_CS_PORT_SCHEDULE_DAYS days (by the calls' dates at the
     * port): one schedule per terminal.
     */
    async portSchedules(
      query: DcsaPortScheduleQuery,
    ): Promise<{ items: DcsaPortSchedule[]; nextCursor?: string }> {
      const cursor = readCursor(query);
      const voyagesThere = await read(
        {
          portCode: query.UNLocationCode,
          from: query.date,
          to: addDays(query.date, DCSA_CS_PORT_SCHEDULE_DAYS - 1),
        },
        'date',
      );
      return pageOf(toPortSchedules(voyagesThere, query.UNLocationCode), query, cursor);
    },

    /**
     * Service schedules: the voyages matching every filter given, with a call in the window (dates at the port;
     * by default three months back to six ahead), whole or only their matching calls (`responseScope`).
     */
    async vesselSchedules(
      query: DcsaVesselScheduleQuery,
    ): Promise<{ items: DcsaServiceSchedule[]; nextCursor?: string }> {
      const cursor = readCursor(query);
      if (!DCSA_VESSEL_SCHEDULE_FILTERS.some((name) => query[name] !== undefined)) {
        const given = query.startDate ? 'startDate' : query.endDate ? 'endDate' : null;
        throw queryProblem(
          given
            ? { [given]: `must be combined with a filter: ${DCSA_VESSEL_SCHEDULE_FILTERS.join(', ')}` }
            : { query: `Give at least one filter: ${DCSA_VESSEL_SCHEDULE_FILTERS.join(', ')}` },
        );
      }
      const from = query.startDate ?? addMonths(cursor.today, -DCSA_CS_VESSEL_SCHEDULE_DEFAULT.monthsBefore);
      const to = query.endDate ?? addMonths(cursor.today, DCSA_CS_VESSEL_SCHEDULE_DEFAULT.monthsAfter);
      if (to < from) throw queryProblem({ endDate: 'must be on or after startDate' });
      if (daysBetween(from, to) > DCSA_CS_MAX_VESSEL_SCHEDULE_DAYS)
        throw queryProblem({ endDate: `The window is at most ${DCSA_CS_MAX_VESSEL_SCHEDULE_DAYS} days` });
      // We publish no universal (VSA) references and no SMDG terminal codes: a filter on one matches nothing.
      if (query.universalServiceReference || query.universalVoyageReference || query.facilitySMDGCode)
        return pageOf([], query, cursor);
      const matching = await read(
        {
          serviceCode: query.carrierServiceCode,
          vesselImo: query.vesselIMONumber,
          vesselName: query.vesselName,
          voyageNumber: query.carrierVoyageNumber,
          operatorCarrierCode: query.vesselOperatorCarrierCode,
          portCode: query.UNLocationCode,
          from,
          to,
        },
        'endDate',
      );
      return pageOf(toServiceSchedules(matching, query.responseScope ?? 'FULL_VOYAGE'), query, cursor);
    },
  };
}

export type CommercialSchedulesService = ReturnType<typeof createCommercialSchedulesService>;
