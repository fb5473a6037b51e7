import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  CallActualsBodySchema,
  CallParamsSchema,
  CarrierServiceBodySchema,
  CarrierServiceListResponseSchema,
  CarrierServiceSchema,
  CarrierServiceUpdateBodySchema,
  DelayCallBodySchema,
  GenerateVoyagesBodySchema,
  GenerateVoyagesResponseSchema,
  OmitCallBodySchema,
  PointToPointQuerySchema,
  PointToPointResponseSchema,
  SetCutOffsBodySchema,
  VesselBodySchema,
  VesselListQuerySchema,
  VesselListResponseSchema,
  VesselSchema,
  VesselUpdateBodySchema,
  VoyageListQuerySchema,
  VoyageListResponseSchema,
  VoyageSchema,
} from '@lading/contract/voyages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { VoyagesService } from './voyages.service';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const versioned = { ...errors, 412: ErrorBodySchema, 428: ErrorBodySchema };
const VESSEL = { module: 'ADMIN', resource: 'VESSEL' } as const;
const SERVICE = { module: 'ADMIN', resource: 'SERVICE' } as const;
const VOYAGE = { module: 'ADMIN', resource: 'VOYAGE' } as const;

export const voyagesRoutes: FastifyPluginAsyncZod<{ voyages: VoyagesService }> = async (app, { voyages }) => {
  /* ---------------------------------------------------------------- customers and staff */

  app.get(
    '/cp/schedules/point-to-point/',
    {
      config: { access: { module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' } },
      schema: {
        tags: ['schedules'],
        summary:
          'Sailings from a port of loading to a port of discharge departing in a window (default today + 4 weeks), ' +
          'direct or with one transhipment (maxTranshipment=1); sorted by departure; date-times in UTC',
        querystring: PointToPointQuerySchema,
        response: { 200: PointToPointResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => voyages.pointToPoint(request.query),
  );

  app.get(
    '/cp/voyages/:id',
    {
      config: { access: { module: 'CP', resource: 'SCHEDULE', operation: 'VIEW' } },
      schema: {
        tags: ['schedules'],
        summary:
          'One voyage: vessel, service, its port calls in sequence with estimates, actuals and cut-offs',
        params: IdParamsSchema,
        response: { 200: VoyageSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => voyages.getVoyage(request.params.id),
  );

  /* ---------------------------------------------------------------- vessels */

  app.get(
    '/cp/admin/vessels/',
    {
      config: { access: { ...VESSEL, operation: 'VIEW' } },
      schema: {
        tags: ['vessels'],
        summary: 'Vessels by name or IMO number',
        querystring: VesselListQuerySchema,
        response: { 200: VesselListResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => voyages.findVessels(request.query),
  );

  app.get(
    '/cp/admin/vessels/:id/',
    {
      config: { access: { ...VESSEL, operation: 'VIEW' } },
      schema: {
        tags: ['vessels'],
        summary: 'One vessel',
        params: IdParamsSchema,
        response: { 200: VesselSchema, ...errors },
      },
    },
    async (request, reply) => {
      const vessel = await voyages.getVessel(request.params.id);
      return reply.header('etag', etagOf(vessel.version)).send(vessel);
    },
  );

  app.post(
    '/cp/admin/vessels/',
    {
      config: { access: { ...VESSEL, operation: 'CREATE' } },
      schema: {
        tags: ['vessels'],
        summary: 'Add a vessel; the IMO number must pass its check digit and be new (409)',
        body: VesselBodySchema,
        response: { 201: VesselSchema, ...errors },
      },
    },
    async (request, reply) => {
      const vessel = await voyages.createVessel(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(vessel.version)).send(vessel);
    },
  );

  app.put(
    '/cp/admin/vessels/:id/',
    {
      config: { access: { ...VESSEL, operation: 'EDIT' } },
      schema: {
        tags: ['vessels'],
        summary: 'Edit a vessel at the version read (If-Match or "version")',
        params: IdParamsSchema,
        body: VesselUpdateBodySchema,
        response: { 200: VesselSchema, ...versioned },
      },
    },
    async (request, reply) => {
      const vessel = await voyages.updateVessel(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(vessel.version)).send(vessel);
    },
  );

  /* ---------------------------------------------------------------- services */

  app.get(
    '/cp/admin/services/',
    {
      config: { access: { ...SERVICE, operation: 'VIEW' } },
      schema: {
        tags: ['services'],
        summary: 'Liner services with their rotation, vessels and default cut-offs',
        response: { 200: CarrierServiceListResponseSchema },
      },
    },
    async () => voyages.findServices(),
  );

  app.get(
    '/cp/admin/services/:id/',
    {
      config: { access: { ...SERVICE, operation: 'VIEW' } },
      schema: {
        tags: ['services'],
        summary: 'One liner service',
        params: IdParamsSchema,
        response: { 200: CarrierServiceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const service = await voyages.getService(request.params.id);
      return reply.header('etag', etagOf(service.version)).send(service);
    },
  );

  app.post(
    '/cp/admin/services/',
    {
      config: { access: { ...SERVICE, operation: 'CREATE' } },
      schema: {
        tags: ['services'],
        summary:
          'Add a service: code, name, frequency, the rotation (UN/LOCODE sea ports, day offsets), vessels, cut-offs ' +
          '(the defaults when none are given)',
        body: CarrierServiceBodySchema,
        response: { 201: CarrierServiceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const service = await voyages.createService(principalOf(request), request.body);
      return reply.status(201).header('etag', etagOf(service.version)).send(service);
    },
  );

  app.put(
    '/cp/admin/services/:id/',
    {
      config: { access: { ...SERVICE, operation: 'EDIT' } },
      schema: {
        tags: ['services'],
        summary: 'Edit a service at the version read; voyages already generated keep their calls',
        params: IdParamsSchema,
        body: CarrierServiceUpdateBodySchema,
        response: { 200: CarrierServiceSchema, ...versioned },
      },
    },
    async (request, reply) => {
      const service = await voyages.updateService(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(service.version)).send(service);
    },
  );

  app.post(
    '/cp/admin/services/:id/generate-voyages/',
    {
      config: { access: { ...VOYAGE, operation: 'CREATE' } },
      schema: {
        tags: ['services'],
        summary:
          'Generate the service’s voyages from a date, one per sailing for `weeks` sailings; idempotent (a voyage ' +
          'number already there is kept)',
        params: IdParamsSchema,
        body: GenerateVoyagesBodySchema,
        response: { 200: GenerateVoyagesResponseSchema, ...errors },
      },
    },
    async (request) => voyages.generateVoyages(principalOf(request), request.params.id, request.body),
  );

  /* ---------------------------------------------------------------- voyages */

  app.get(
    '/cp/admin/voyages/',
    {
      config: { access: { ...VOYAGE, operation: 'VIEW' } },
      schema: {
        tags: ['voyages'],
        summary: 'Voyages by service, vessel, port called at, voyage number and first departure',
        querystring: VoyageListQuerySchema,
        response: { 200: VoyageListResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => voyages.findVoyages(request.query),
  );

  app.get(
    '/cp/admin/voyages/:id/',
    {
      config: { access: { ...VOYAGE, operation: 'VIEW' } },
      schema: {
        tags: ['voyages'],
        summary: 'One voyage; the ETag carries its version for the call changes',
        params: IdParamsSchema,
        response: { 200: VoyageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const voyage = await voyages.getVoyage(request.params.id);
      return reply.header('etag', etagOf(voyage.version)).send(voyage);
    },
  );

  const callChange = {
    config: { access: { ...VOYAGE, operation: 'EDIT' } },
    params: CallParamsSchema,
    response: { 200: VoyageSchema, ...versioned },
  } as const;

  app.post(
    '/cp/admin/voyages/:id/calls/:sequence/delay/',
    {
      config: callChange.config,
      schema: {
        tags: ['voyages'],
        summary:
          'New estimated arrival and departure of a call, with a reason; its cut-offs move with the departure; a ' +
          'change over 12 hours notifies the customers booked on the voyage',
        params: callChange.params,
        body: DelayCallBodySchema,
        response: callChange.response,
      },
    },
    async (request, reply) => {
      const { id, sequence } = request.params;
      const voyage = await voyages.delayCall(
        principalOf(request),
        id,
        sequence,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(voyage.version)).send(voyage);
    },
  );

  app.post(
    '/cp/admin/voyages/:id/calls/:sequence/omit/',
    {
      config: callChange.config,
      schema: {
        tags: ['voyages'],
        summary: 'The vessel skips this call on this voyage (with a reason)',
        params: callChange.params,
        body: OmitCallBodySchema,
        response: callChange.response,
      },
    },
    async (request, reply) => {
      const { id, sequence } = request.params;
      const voyage = await voyages.omitCall(
        principalOf(request),
        id,
        sequence,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(voyage.version)).send(voyage);
    },
  );

  app.post(
    '/cp/admin/voyages/:id/calls/:sequence/actuals/',
    {
      config: callChange.config,
      schema: {
        tags: ['voyages'],
        summary: 'Record the actual arrival (ARRIVED) and departure (DEPARTED) of a call',
        params: callChange.params,
        body: CallActualsBodySchema,
        response: callChange.response,
      },
    },
    async (request, reply) => {
      const { id, sequence } = request.params;
      const voyage = await voyages.recordActuals(
        principalOf(request),
        id,
        sequence,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(voyage.version)).send(voyage);
    },
  );

  app.put(
    '/cp/admin/voyages/:id/calls/:sequence/cut-offs/',
    {
      config: callChange.config,
      schema: {
        tags: ['voyages'],
        summary: 'This voyage’s cut-offs at one call (DCSA codes), replacing the service’s defaults',
        params: callChange.params,
        body: SetCutOffsBodySchema,
        response: callChange.response,
      },
    },
    async (request, reply) => {
      const { id, sequence } = request.params;
      const voyage = await voyages.setCutOffs(
        principalOf(request),
        id,
        sequence,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', etagOf(voyage.version)).send(voyage);
    },
  );
};
