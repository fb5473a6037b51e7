import {
  BillOfLadingListQuerySchema,
  BillOfLadingListResponseSchema,
  BillOfLadingSchema,
  UpdateBillOfLadingBodySchema,
} from '@lading/contract/bills-of-lading';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { BillDeadlinesSchema } from '@lading/contract/shipments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import { compiledSerializerCompiler } from '../../plugins/compiled-serializer';
import type { BillsOfLadingService } from './bills-of-lading.service';

const tags = ['bills of lading'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const billsOfLadingRoutes: FastifyPluginAsyncZod<{ bills: BillsOfLadingService }> = async (
  app,
  { bills },
) => {
  app.get(
    '/cp/bill-of-ladings/',
    {
      // A company's API client with ebl:read lists its company's bills, to find the DCSA documents (decision 025).
      config: { access: { module: 'CP', resource: 'BL', operation: 'VIEW' }, apiClientScope: 'ebl:read' },
      // Up to 100 rows per answer, the portal's busiest read: written by a serializer compiled from the schema
      // (so are a bill's read and save answers, about 80 fields and three lists).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags,
        summary: 'Bills of lading: filtered list with the total count (customers get only their own)',
        querystring: BillOfLadingListQuerySchema,
        response: { 200: BillOfLadingListResponseSchema, ...errors },
      },
    },
    async (request) => bills.findBills(principalOf(request), request.query),
  );

  // The specification writes both spellings (with and without the trailing slash): both are served and documented.
  for (const url of ['/cp/bill-of-ladings/:id', '/cp/bill-of-ladings/:id/']) {
    app.get(
      url,
      {
        config: { access: { module: 'CP', resource: 'BL', operation: 'VIEW' } },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags,
          summary: 'One bill of lading with notify parties, containers and cargo rows',
          params: IdParamsSchema,
          response: { 200: BillOfLadingSchema, ...errors },
        },
      },
      async (request, reply) => {
        const bill = await bills.getBill(principalOf(request), request.params.id);
        reply.header('etag', etagOf(bill.version));
        reply.header('cache-control', 'private, no-cache');
        return bill;
      },
    );
  }

  app.get(
    '/cp/bill-of-ladings/:id/deadlines/',
    {
      config: { access: { module: 'CP', resource: 'BL', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "The bill's deadlines: the documentation (DCO) and VGM (VCO) cut-offs of its booking's voyage at the port " +
          'of loading (with its time zone), and the latest late acceptance of each; `sailing: null` without a voyage',
        params: IdParamsSchema,
        response: { 200: BillDeadlinesSchema, ...errors },
      },
    },
    async (request) => bills.getDeadlines(principalOf(request), request.params.id),
  );

  for (const url of ['/cp/bill-of-ladings/:id/', '/cp/bill-of-ladings/:id']) {
    app.put(
      url,
      {
        config: { access: { module: 'CP', resource: 'BL', operation: 'EDIT' } },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags,
          summary: "Save a customer's changes (status becomes UPDATE PENDING)",
          description:
            'Send the version you edited as If-Match (the ETag of GET) or as "version". Totals are recomputed by the server.',
          params: IdParamsSchema,
          body: UpdateBillOfLadingBodySchema,
          response: {
            200: BillOfLadingSchema,
            ...errors,
            409: ErrorBodySchema,
            412: ErrorBodySchema,
            428: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const bill = await bills.updateBill(
          principalOf(request),
          request.params.id,
          request.body,
          request.headers['if-match'],
        );
        reply.header('etag', etagOf(bill.version));
        return bill;
      },
    );
  }
};
