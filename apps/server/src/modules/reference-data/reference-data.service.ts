import type { Permission } from '@lading/contract/access';
import {
  PARTY_STATUS_APPROVED,
  PORT_TYPES,
  type PortsQuery,
  TYPEAHEAD_LIMIT,
} from '@lading/contract/reference-data';
import type { Db } from '../../db/client';
import type { Principal } from '../../lib/principal';
import { createGeocoder } from './geocoding';
import * as repository from './reference-data.repository';

// Reference lists are readable by every signed-in user; the rules here are the specification's limits and filters.

/** `ports/?limit=1000` (full list), `ports/?name&portType&limit=5` and `ports/?code&portType&limit=5`. */
async function findPorts(db: Db, query: PortsQuery) {
  const results = await repository.findPorts(db, {
    term: query.name || undefined,
    code: query.code || undefined,
    portTypes: query.portType ?? PORT_TYPES,
    limit: query.limit,
  });
  return { results };
}

async function findCountries(db: Db, query: { query?: string }) {
  return { results: await repository.findCountries(db, query.query || undefined) };
}

/** Who may see companies awaiting approval (or deactivated) in the party typeaheads: staff who review companies. */
const SEES_EVERY_PARTY: Permission = { module: 'ADMIN', resource: 'COMPANY', operation: 'VIEW' };

/**
 * The party filter a caller may use: staff with ADMIN.COMPANY.VIEW as asked; anyone else approved, active companies
 * only (a company another customer just requested, with its address, mobile and e-mail, is nobody else's business):
 * asking them for another status or for inactive ones finds nothing.
 */
function partyFilter(
  caller: Principal,
  asked: { status?: string; isActive?: boolean },
): { status?: string; isActive?: boolean } | null {
  if (caller.can(SEES_EVERY_PARTY)) return asked;
  if ((asked.status !== undefined && asked.status !== PARTY_STATUS_APPROVED) || asked.isActive === false)
    return null;
  return { status: PARTY_STATUS_APPROVED, isActive: true };
}

/** `parties/?name`: any party for staff who review companies, approved and active ones for everyone else. */
async function findParties(db: Db, caller: Principal, query: { name?: string }) {
  const filter = partyFilter(caller, {});
  return filter
    ? repository.findParties(db, { term: query.name || undefined, ...filter, limit: TYPEAHEAD_LIMIT })
    : [];
}

/** `parties/party-detail-list/?name&partyStatus=APPR&isActive=true`: the filters apply when given (see partyFilter). */
async function findPartyDetails(
  db: Db,
  caller: Principal,
  query: { name?: string; partyStatus?: string; isActive?: boolean },
) {
  const filter = partyFilter(caller, { status: query.partyStatus, isActive: query.isActive });
  return filter
    ? repository.findParties(db, { term: query.name || undefined, ...filter, limit: TYPEAHEAD_LIMIT })
    : [];
}

/** `parties/party-detail-list-cp/?query`: the customer portal offers active, approved companies only. */
function findCustomerPortalParties(db: Db, query: { query?: string }) {
  return repository.findParties(db, {
    term: query.query || undefined,
    status: PARTY_STATUS_APPROVED,
    isActive: true,
    limit: TYPEAHEAD_LIMIT,
  });
}

function findHsnCodes(db: Db, query: { commodityStartsWith?: string }) {
  return repository.findHsCodes(db, query.commodityStartsWith || undefined);
}

function findRailwayStations(db: Db, query: { name?: string }) {
  return repository.findRailwayStations(db, query.name || undefined, TYPEAHEAD_LIMIT);
}

const findPackageTypes = repository.findPackageTypes;
const findIsoEquipment = repository.findIsoEquipment;
const findCargoTypes = repository.findCargoTypes;
const findUnitMapping = repository.findUnitMapping;

/** The reference lists and typeaheads over one database; the address search offline or through Mapbox. */
export function createReferenceDataService(deps: { db: Db; mapboxToken?: string; mapboxUrl?: string }) {
  const { db } = deps;
  const geocode = createGeocoder(deps);
  return {
    findPorts: (query: PortsQuery) => findPorts(db, query),
    findCountries: (query: { query?: string }) => findCountries(db, query),
    findParties: (caller: Principal, query: { name?: string }) => findParties(db, caller, query),
    findPartyDetails: (
      caller: Principal,
      query: { name?: string; partyStatus?: string; isActive?: boolean },
    ) => findPartyDetails(db, caller, query),
    findCustomerPortalParties: (query: { query?: string }) => findCustomerPortalParties(db, query),
    findHsnCodes: (query: { commodityStartsWith?: string }) => findHsnCodes(db, query),
    findRailwayStations: (query: { name?: string }) => findRailwayStations(db, query),
    findPackageTypes: () => findPackageTypes(db),
    findIsoEquipment: () => findIsoEquipment(db),
    findCargoTypes: () => findCargoTypes(db),
    findUnitMapping: () => findUnitMapping(db),
    geocode: async (query: string, limit: number) => ({ results: await geocode(query, limit) }),
  };
}

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
