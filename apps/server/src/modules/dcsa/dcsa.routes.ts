import {
  CreateShippingInstructionsSchema,
  DcsaBookingSchema,
  DcsaTransportDocumentSchema,
  jsonPathOf,
} from '@lading/contract/dcsa';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { DcsaService } from './dcsa.service';

const tags = ['DCSA'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const dcsaRoutes: FastifyPluginAsyncZod<{ dcsa: DcsaService }> = async (app, { dcsa }) => {
  app.get(
    '/cp/bill-of-ladings/:id/dcsa',
    {
      // A company's API client with ebl:read reads its company's documents (decision 025).
      config: { access: { module: 'CP', resource: 'BL', operation: 'VIEW' }, apiClientScope: 'ebl:read' },
      schema: {
        tags,
        summary: 'The bill of lading as a DCSA eBL 3.0.3 TransportDocument',
        description:
          'Every property DCSA requires is present for every bill in every status. Values a draft does not have yet ' +
          '(containers not allocated, a seal not given …) are sent as placeholders and listed in `feedbacks` with ' +
          "their JSON path. The ETag is the bill's version: send it as If-Match with shipping instructions.",
        params: IdParamsSchema,
        response: { 200: DcsaTransportDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { document, version } = await dcsa.exportBill(principalOf(request), request.params.id);
      reply.header('etag', etagOf(version));
      reply.header('cache-control', 'private, no-cache');
      return document;
    },
  );

  app.post(
    '/cp/bill-of-ladings/:id/dcsa-shipping-instructions',
    {
      config: { access: { module: 'CP', resource: 'BL', operation: 'EDIT' } },
      // Checked in the handler, after the bill's scope and status, so problems can be named by JSON path.
      attachValidation: true,
      schema: {
        tags,
        summary: "Apply DCSA eBL 3.0.3 shipping instructions to the bill (as the edit screen's save does)",
        description:
          "The body is a DCSA `CreateShippingInstructions`, typically the bill's export turned into instructions and " +
          'edited. It goes through the same rules, version check, transaction, history row and status change ' +
          "(UPDATE PENDING) as `PUT /cp/bill-of-ladings/{id}/`. Send the export's ETag as If-Match. A 400 names every " +
          'problem by its JSON path (`$.utilizedTransportEquipments[0].seals[0].number`) and applies nothing. Values ' +
          'sent back exactly as exported keep what is stored. What the export carries but a save does not change ' +
          '(the document type, payment terms, counts, the booking, companies’ codes, addresses and e-mails …) must ' +
          'be sent as exported or left out, else a 400 names it, as the save refuses its read-only fields; ' +
          "`transportDocumentReference` must be this bill's. Instructions that change nothing stored write nothing: " +
          'the same version (ETag), status and history. See docs/dcsa-mapping.md.',
        params: IdParamsSchema,
        body: CreateShippingInstructionsSchema,
        response: {
          200: DcsaTransportDocumentSchema,
          ...errors,
          409: ErrorBodySchema,
          412: ErrorBodySchema,
          428: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const problem = request.validationError;
      // attachValidation holds back every problem, the id's too: only the body's wait for the bill's checks.
      if (problem && 'validationContext' in problem && problem.validationContext !== 'body') throw problem;
      const fields: Record<string, string> = {};
      if (problem) {
        const issues = 'validation' in problem && Array.isArray(problem.validation) ? problem.validation : [];
        for (const issue of issues as { instancePath?: string; message?: string }[]) {
          const segments = (issue.instancePath ?? '')
            .split('/')
            .slice(1)
            .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
          fields[jsonPathOf(segments)] ??= issue.message ?? 'is invalid';
        }
        if (!Object.keys(fields).length) fields.$ = problem.message;
      }
      const { document, version } = await dcsa.importShippingInstructions(
        principalOf(request),
        request.params.id,
        problem ? { ok: false, fields } : { ok: true, body: request.body },
        request.headers['if-match'],
      );
      reply.header('etag', etagOf(version));
      return document;
    },
  );

  app.get(
    '/cp/bookings/:id/dcsa',
    {
      config: { access: { module: 'CP', resource: 'BOOKING', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'The booking as a DCSA Booking 2.0.4 Booking',
        params: IdParamsSchema,
        response: { 200: DcsaBookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { document, version } = await dcsa.exportBooking(principalOf(request), request.params.id);
      reply.header('etag', etagOf(version));
      reply.header('cache-control', 'private, no-cache');
      return document;
    },
  );
};
