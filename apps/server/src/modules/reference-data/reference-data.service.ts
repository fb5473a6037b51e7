import {
  PARTY_STATUS_APPROVED,
  PORT_TYPES,
  type PortsQuery,
  TYPEAHEAD_LIMIT,
} from '@lading/contract/reference-data';
import type { Db } from '../../db/client';
import * as repository from './reference-data.repository';

// Reference lists are readable by every signed-in user; the rules here are the specification's limits and filters.

/** `ports/?limit=1000` (full list), `ports/?name&portType&limit=5` and `ports/?code&portType&limit=5`. */
export async function findPorts(db: Db, query: PortsQuery) {
  const results = await repository.findPorts(db, {
    term: query.name || undefined,
    code: query.code || undefined,
    portTypes: query.portType ?? PORT_TYPES,
    limit: query.limit,
  });
  return { results };
}

export async function findCountries(db: Db, query: { query?: string }) {
  return { results: await repository.findCountries(db, query.query || undefined) };
}

/** `parties/?name`: any party. */
export function findParties(db: Db, query: { name?: string }) {
  return repository.findParties(db, { term: query.name || undefined, limit: TYPEAHEAD_LIMIT });
}

/** `parties/party-detail-list/?name&partyStatus=APPR&isActive=true`: the filters apply when given. */
export function findPartyDetails(db: Db, query: { name?: string; partyStatus?: string; isActive?: boolean }) {
  return repository.findParties(db, {
    term: query.name || undefined,
    status: query.partyStatus,
    isActive: query.isActive,
    limit: TYPEAHEAD_LIMIT,
  });
}

/** `parties/party-detail-list-cp/?query`: the customer portal offers active, approved companies only. */
export function findCustomerPortalParties(db: Db, query: { query?: string }) {
  return repository.findParties(db, {
    term: query.query || undefined,
    status: PARTY_STATUS_APPROVED,
    isActive: true,
    limit: TYPEAHEAD_LIMIT,
  });
}

export function findHsnCodes(db: Db, query: { commodityStartsWith?: string }) {
  return repository.findHsCodes(db, query.commodityStartsWith || undefined);
}

export function findRailwayStations(db: Db, query: { name?: string }) {
  return repository.findRailwayStations(db, query.name || undefined, TYPEAHEAD_LIMIT);
}

export const findPackageTypes = repository.findPackageTypes;
export const findIsoEquipment = repository.findIsoEquipment;
export const findCargoTypes = repository.findCargoTypes;
export const findUnitMapping = repository.findUnitMapping;
