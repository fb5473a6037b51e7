import type { Booking } from '@lading/contract/bookings';
import { inlandChargeName, RAIL_COUNTRY } from '@lading/contract/inland-tariffs';
import {
  type CreateQuotationBody,
  multiplyMoney,
  type PriceQuotationBody,
  type Quotation,
  type QuotationListQuery,
  type QuotationStatus,
  sumMoney,
  todayIso,
} from '@lading/contract/quotations';
import type { Db, Tx } from '../../db/client';
import { quotations } from '../../db/schema/quotations';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import { applyTransition, type TransitionRules, type TransitionSpec } from '../../lib/status-transition';
import type { BookingsService } from '../bookings';
import type { VoyagesService } from '../voyages';
import { greatCircleKm, type InlandLegQuote, priceEnquiry } from './pricing';
import {
  findInlandTariffs,
  findOfficeForPort,
  findQuotationById,
  findQuotationOffice,
  findQuotations,
  findReferences,
  findTariffs,
  insertQuotation,
  type PortPlace,
  reloadQuotation,
  replaceQuotationCharges,
} from './quotations.repository';

const RECORD = 'QUOTATION';

/** Accepting books it; rejecting closes it. An expired quotation (QUOTED, past valid_until) can be neither. */
type Transition = 'accept' | 'reject' | 'price';
const QUOTATION_TRANSITIONS: TransitionRules<QuotationStatus, Transition> = {
  accept: { from: ['QUOTED'], to: 'ACCEPTED' },
  reject: { from: ['QUOTED', 'REQUESTED'], to: 'REJECTED' },
  price: { from: ['REQUESTED'], to: 'QUOTED' },
};

const TRANSITION_WORDS: Record<Transition, { verb: string; action: string; module: 'CP' | 'ADMIN' }> = {
  accept: { verb: 'accepted', action: 'ACCEPTED', module: 'CP' },
  reject: { verb: 'rejected', action: 'REJECTED', module: 'CP' },
  price: { verb: 'priced', action: 'PRICED', module: 'ADMIN' },
};

/** A quotation transition through the shared helper: scoped row lock, legal status, version + 1, audit row, events. */
function moveQuotation(
  tx: Tx,
  caller: Principal,
  id: number,
  name: Transition,
  prepare: TransitionSpec<QuotationStatus, Transition, Quotation>['prepare'],
) {
  const words = TRANSITION_WORDS[name];
  return applyTransition<QuotationStatus, Transition, Quotation>(tx, caller, {
    table: quotations,
    rules: QUOTATION_TRANSITIONS,
    name,
    id,
    expected: null,
    lock: (conn) => findQuotationById(conn, caller.scope, id, true),
    reload: (conn) => reloadQuotation(conn, id),
    noun: 'Quotation',
    staleMessage: 'This quotation has changed. Please reload it.',
    verb: words.verb,
    audit: { module: words.module, recordType: RECORD, action: words.action },
    prepare,
  });
}

const invalid = (fields: Record<string, string>) => {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
};

/** A pending company member's rate enquiry: refused until the carrier approves the membership. */
export const PENDING_MEMBER_MESSAGE =
  'Rate enquiries open once your company membership is approved by the carrier.';

export function createQuotationsService(deps: {
  db: Db;
  kickMail: () => void;
  bookings: Pick<BookingsService, 'createFromQuotation' | 'getBooking'>;
  voyages: Pick<VoyagesService, 'sailingFrom' | 'assertBeforeCutOff'>;
}) {
  const { db, kickMail, bookings, voyages } = deps;

  async function checkReferences(body: CreateQuotationBody) {
    const stations = [body.pickup, body.delivery].flatMap((place) =>
      place?.kind === 'RAIL' ? [place.stationId] : [],
    );
    const found = await findReferences(db, {
      portIds: [body.polId, body.podId],
      hsCodeId: body.hsCode,
      isoCodes: body.equipment.map((line) => line.isoCode),
      stationIds: stations,
    });
    const fields: Record<string, string> = {};
    const pol = found.ports.get(body.polId);
    const pod = found.ports.get(body.podId);
    if (!pol) fields.polId = 'is not a known port';
    if (!pod) fields.podId = 'is not a known port';
    if (!found.hsCode) fields.hsCode = 'must be a 6- or 8-digit HS code';
    body.equipment.forEach((line, i) => {
      if (!found.isoCodes.has(line.isoCode))
        fields[`equipment.${i}.isoCode`] = 'is not a known ISO 6346 size-type';
    });
    for (const side of ['pickup', 'delivery'] as const) {
      const place = body[side];
      const port = side === 'pickup' ? pol : pod;
      if (place?.kind !== 'RAIL') continue;
      if (!found.stations.has(place.stationId))
        fields[`${side}.stationId`] = 'is not a known railway station or ICD';
      // The station list is Indian: a rail leg only on the side of the lane that is in India.
      else if (port && port.countryCode !== RAIL_COUNTRY)
        fields[`${side}.stationId`] =
          `is a railway station in India, but the port of ${side === 'pickup' ? 'loading' : 'discharge'} (${port.code}) is not in India`;
    }
    if (Object.keys(fields).length) throw invalid(fields);
    return { pol: pol!, pod: pod!, stations: found.stations };
  }

  /**
   * The enquiry's inland legs with the inland tariffs that cover them on the cargo ready date: a rail leg by its
   * station, a door leg by its straight-line distance to the port (none when the port has no coordinates).
   */
  async function inlandLegs(
    body: CreateQuotationBody,
    places: { pol: PortPlace; pod: PortPlace; stations: Map<number, string> },
  ): Promise<InlandLegQuote[]> {
    const isoCodes = [...new Set(body.equipment.map((line) => line.isoCode))];
    const legs: InlandLegQuote[] = [];
    for (const [leg, place, port] of [
      ['PICKUP', body.pickup, places.pol],
      ['DELIVERY', body.delivery, places.pod],
    ] as const) {
      if (!place) continue;
      const common = { portId: port.id, isoCodes, onDate: body.cargoReadyDate };
      if (place.kind === 'RAIL') {
        const stationCode = places.stations.get(place.stationId)!;
        legs.push({
          leg,
          name: inlandChargeName(leg, 'RAIL', port.code, { stationCode }),
          tariffs: await findInlandTariffs(db, { ...common, mode: 'RAIL', stationId: place.stationId }),
        });
        continue;
      }
      const km =
        port.latitude === null || port.longitude === null
          ? null
          : greatCircleKm(place, { latitude: port.latitude, longitude: port.longitude });
      legs.push({
        leg,
        name: inlandChargeName(leg, 'DOOR', port.code, { km: km ?? 0 }),
        tariffs: km === null ? [] : await findInlandTariffs(db, { ...common, mode: 'DOOR', distanceKm: km }),
      });
    }
    return legs;
  }

  async function getVisible(conn: Db | Tx, caller: Principal, id: number, forUpdate = false) {
    const quotation = await findQuotationById(conn, caller.scope, id, forUpdate);
    if (!quotation) throw notFound('Quotation');
    return quotation;
  }

  return {
    /**
     * A rate enquiry, priced at once from the tariff (QUOTED, with the charge lines copied so they never change) or
     * REQUESTED when no tariff matches; quotation, lines, audit row and event in one transaction.
     */
    async createQuotation(caller: Principal, body: CreateQuotationBody): Promise<Quotation> {
      // Prices and bookings are made for the customer's company: not while the carrier has yet to approve their
      // membership (issue 28; the web shows them why instead of the form). 403 before anything is looked up.
      if (caller.companyStatus === 'PENDING') throw new AppError('FORBIDDEN', PENDING_MEMBER_MESSAGE);
      const places = await checkReferences(body);
      // A chosen sailing must load at the port of loading and still take bookings (its STA cut-off).
      if (body.voyageId !== undefined)
        voyages.assertBeforeCutOff(await voyages.sailingFrom(db, body.voyageId, body.polId), 'STA');
      const today = todayIso();
      const tariffs = await findTariffs(db, {
        polId: body.polId,
        podId: body.podId,
        isoCodes: [...new Set(body.equipment.map((line) => line.isoCode))],
        onDate: body.cargoReadyDate,
      });
      const priced = priceEnquiry(
        { cargoType: body.cargoType, equipment: body.equipment, today },
        tariffs,
        await inlandLegs(body, places),
      );
      const officeId = await findOfficeForPort(db, body.polId);
      const id = await db.transaction(async (tx) => {
        const row = await insertQuotation(
          tx,
          {
            status: priced.status,
            createdById: caller.userId,
            officeId,
            polId: body.polId,
            podId: body.podId,
            cargoType: body.cargoType,
            hazardClass: body.hazardClass ?? null,
            unNumber: body.unNumber ?? null,
            hsCodeId: body.hsCode,
            cargoReadyDate: body.cargoReadyDate,
            pickup: body.pickup ?? null,
            delivery: body.delivery ?? null,
            voyageId: body.voyageId ?? null,
            inlandOnRequest: priced.inlandOnRequest,
            ...(priced.status === 'QUOTED'
              ? { currency: priced.currency, totalAmount: priced.totalAmount, validUntil: priced.validUntil }
              : {}),
          },
          body.equipment,
          priced.status === 'QUOTED' ? priced.charges : [],
          priced.status === 'QUOTED' ? priced.tariffIds : [],
          priced.status === 'QUOTED' ? priced.inlandTariffIds : [],
        );
        const quotationId = row.id;
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: RECORD,
          recordId: quotationId,
          action: 'CREATED',
          toStatus: priced.status,
          version: 1,
          comment: priced.status === 'REQUESTED' ? priced.reason : null,
        });
        if (priced.status === 'REQUESTED') {
          await publishEvent(tx, caller, {
            type: 'QUOTATION_REQUESTED',
            recordType: RECORD,
            recordId: quotationId,
            payload: { number: row.number, ownerId: caller.userId, officeId },
          });
        }
        return quotationId;
      });
      if (priced.status === 'REQUESTED') kickMail();
      return reloadQuotation(db, id);
    },

    findQuotations(caller: Principal, query: QuotationListQuery) {
      return findQuotations(db, query, caller.scope);
    },

    getQuotation(caller: Principal, id: number) {
      return getVisible(db, caller, id);
    },

    /** QUOTED and still valid -> ACCEPTED, and the booking (REQUESTED, awaiting the carrier) in the same transaction. */
    async acceptQuotation(caller: Principal, id: number): Promise<Booking> {
      const bookingId = await db.transaction(async (tx) => {
        const { after } = await moveQuotation(tx, caller, id, 'accept', async (conn, quotation) => {
          if (quotation.status === 'EXPIRED' || (quotation.validUntil && quotation.validUntil < todayIso()))
            throw new AppError(
              'CONFLICT',
              `This quotation expired on ${quotation.validUntil}; please ask for a new one.`,
              {
                fields: { status: 'is EXPIRED' },
              },
            );
          // The booking request on the chosen sailing: refused once it stopped taking bookings or departed.
          if (quotation.voyageId !== null)
            voyages.assertBeforeCutOff(
              await voyages.sailingFrom(conn, quotation.voyageId, quotation.polId),
              'STA',
            );
          return {};
        });
        return bookings.createFromQuotation(tx, caller, {
          id,
          number: after.number,
          createdById: after.createdById,
          polId: after.polId,
          podId: after.podId,
          voyageId: after.voyageId,
          officeId: await findQuotationOffice(tx, id),
        });
      });
      kickMail();
      return bookings.getBooking(caller, bookingId);
    },

    /**
     * Carrier staff price an enquiry no tariff covered: REQUESTED -> QUOTED with their charge lines (amounts computed
     * here, exactly), the currency and the validity; the customer hears of it (QUOTATION_PRICED).
     */
    async priceQuotation(caller: Principal, id: number, body: PriceQuotationBody): Promise<Quotation> {
      const charges = body.charges.map((charge) => ({
        ...charge,
        isoCode: charge.basis === 'PER_BL' ? null : charge.isoCode,
        amount: multiplyMoney(charge.unitAmount, charge.quantity),
        currency: body.currency,
      }));
      const totalAmount = sumMoney(charges.map((charge) => charge.amount));
      return db.transaction(async (tx) => {
        const { after } = await moveQuotation(tx, caller, id, 'price', async (conn) => {
          await replaceQuotationCharges(conn, id, charges);
          return {
            set: { currency: body.currency, totalAmount, validUntil: body.validUntil },
            comment: `${body.currency} ${totalAmount}`,
            events: (priced) => [
              {
                type: 'QUOTATION_PRICED',
                recordType: RECORD,
                recordId: id,
                payload: { number: priced.number, ownerId: priced.createdById },
              },
            ],
          };
        });
        return after;
      });
    },

    /** QUOTED or REQUESTED -> REJECTED, with the customer's reason. */
    async rejectQuotation(caller: Principal, id: number, reason: string): Promise<Quotation> {
      return db.transaction(async (tx) => {
        const { after } = await moveQuotation(tx, caller, id, 'reject', async () => ({
          set: { rejectionReason: reason },
          comment: reason,
        }));
        return after;
      });
    },
  };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
