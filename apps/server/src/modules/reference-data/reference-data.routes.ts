import { ErrorBodySchema } from '@lading/contract/errors';
import {
  CargoTypesResponseSchema,
  CountriesQuerySchema,
  CountriesResponseSchema,
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  HsnCodesQuerySchema,
  HsnCodesResponseSchema,
  IsoEquipmentResponseSchema,
  PackageTypesResponseSchema,
  PartiesQuerySchema,
  PartiesResponseSchema,
  PartyDetailListCpQuerySchema,
  PartyDetailListQuerySchema,
  PortsQuerySchema,
  PortsResponseSchema,
  RailwayStationsQuerySchema,
  RailwayStationsResponseSchema,
  UnitMappingResponseSchema,
} from '@lading/contract/reference-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { createSharedAnswers } from '../../lib/shared-answers';
import { compiledSerializerCompiler } from '../../plugins/compiled-serializer';
import type { ReferenceDataService } from './reference-data.service';

const BASE = '/core/base/v1';
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const common = { tags: ['reference data'], security: [{ bearer: [] }] };

/** Reference lists and typeaheads (specification section 7). Every call needs a signed-in user. */
export const referenceDataRoutes: FastifyPluginAsyncZod<{ referenceData: ReferenceDataService }> = async (
  app,
  { referenceData: service },
) => {
  // Reference calls carry a bearer token (specification section 7): any signed-in user may read code lists.
  const config = { access: 'signed-in' } as const;
  // The whole lists are the same for every signed-in caller: built once, kept five minutes (lib/shared-answers.ts).
  const lists = createSharedAnswers({ ttlMs: 5 * 60_000 });

  app.get(
    `${BASE}/ports/`,
    {
      config,
      // A typeahead: a request per keystroke, answered through the serializer compiled from the schema (decision 005).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        ...common,
        summary: 'Ports: full list (limit up to 1000) or typeahead by name or code, filtered by port type',
        querystring: PortsQuerySchema,
        response: { 200: PortsResponseSchema, ...errors },
      },
    },
    async (request) => service.findPorts(request.query),
  );

  app.get(
    `${BASE}/countries/`,
    {
      config,
      schema: {
        ...common,
        summary: 'Countries with calling codes; search by name or ISO code',
        querystring: CountriesQuerySchema,
        response: { 200: CountriesResponseSchema, ...errors },
      },
    },
    async (request) => service.findCountries(request.query),
  );

  app.get(
    `${BASE}/parties/`,
    {
      config,
      schema: {
        ...common,
        summary:
          'Party typeahead by name or code (5 results): approved, active companies; every party for staff with ADMIN.COMPANY.VIEW',
        querystring: PartiesQuerySchema,
        response: { 200: PartiesResponseSchema, ...errors },
      },
    },
    async (request) => service.findParties(principalOf(request), request.query),
  );

  app.get(
    `${BASE}/parties/party-detail-list/`,
    {
      config,
      schema: {
        ...common,
        summary:
          'Party details typeahead, optionally only a status (APPR) and active ones (5 results); companies awaiting approval or inactive only for staff with ADMIN.COMPANY.VIEW',
        querystring: PartyDetailListQuerySchema,
        response: { 200: PartiesResponseSchema, ...errors },
      },
    },
    async (request) => service.findPartyDetails(principalOf(request), request.query),
  );

  app.get(
    `${BASE}/parties/party-detail-list-cp/`,
    {
      config,
      schema: {
        ...common,
        summary: 'Customer portal party typeahead: approved, active companies (5 results)',
        querystring: PartyDetailListCpQuerySchema,
        response: { 200: PartiesResponseSchema, ...errors },
      },
    },
    async (request) => service.findCustomerPortalParties(request.query),
  );

  app.get(
    `${BASE}/hsn-codes/cp-hsn-code-list/`,
    {
      config,
      schema: {
        ...common,
        summary: 'HS codes with their commodity description, optionally those starting with a text',
        querystring: HsnCodesQuerySchema,
        response: { 200: HsnCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      request.query.commodityStartsWith
        ? service.findHsnCodes(request.query)
        : lists.send(request, reply, 'hs-codes', () => service.findHsnCodes({})),
  );

  app.get(
    `${BASE}/cargo-package-types/cargo-package-types-cp/`,
    {
      config,
      schema: {
        ...common,
        summary: 'Package types (UN/ECE Recommendation 21)',
        response: { 200: PackageTypesResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => lists.send(request, reply, 'package-types', () => service.findPackageTypes()),
  );

  app.get(
    `${BASE}/iso-equipment/`,
    {
      config,
      schema: {
        ...common,
        summary: 'ISO 6346 container size-type codes',
        response: { 200: IsoEquipmentResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => lists.send(request, reply, 'iso-equipment', () => service.findIsoEquipment()),
  );

  app.get(
    `${BASE}/cargo-types/`,
    {
      config,
      schema: {
        ...common,
        summary: 'Cargo types and hazard classes',
        response: { 200: CargoTypesResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => lists.send(request, reply, 'cargo-types', () => service.findCargoTypes()),
  );

  app.get(
    `${BASE}/category-unit-mapping/`,
    {
      config,
      schema: {
        ...common,
        summary: 'Unit kinds with their units and conversion factors',
        response: { 200: UnitMappingResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => lists.send(request, reply, 'unit-mapping', () => service.findUnitMapping()),
  );

  app.get(
    '/cp/base/railway-station/',
    {
      config,
      schema: {
        ...common,
        summary: 'Railway station and ICD typeahead (5 results)',
        querystring: RailwayStationsQuerySchema,
        response: { 200: RailwayStationsResponseSchema, ...errors },
      },
    },
    async (request) => service.findRailwayStations(request.query),
  );

  app.get(
    '/cp/base/geocode/',
    {
      config,
      schema: {
        ...common,
        summary:
          'Address typeahead for door pick-up and delivery (5 results): UN/LOCODE places offline, or Mapbox with MAPBOX_TOKEN',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema, ...errors },
      },
    },
    async (request) => service.geocode(request.query.query, request.query.limit),
  );
};
