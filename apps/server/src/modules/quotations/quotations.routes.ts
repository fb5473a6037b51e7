import { BookingSchema } from '@lading/contract/bookings';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import {
  CreateQuotationBodySchema,
  PriceQuotationBodySchema,
  QuotationListQuerySchema,
  QuotationListResponseSchema,
  QuotationSchema,
  RejectBodySchema,
} from '@lading/contract/quotations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import type { QuotationsService } from './quotations.service';

const tags = ['quotations'];
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const quotationsRoutes: FastifyPluginAsyncZod<{ quotations: QuotationsService }> = async (
  app,
  { quotations },
) => {
  app.post(
    '/cp/quotations/',
    {
      config: { access: { module: 'CP', resource: 'RATE_ENQUIRY', operation: 'CREATE' } },
      schema: {
        tags,
        summary:
          'Rate enquiry: priced at once from the tariff (QUOTED: charges, total, validity) or REQUESTED when none matches; 403 for a customer whose company membership is still pending',
        body: CreateQuotationBodySchema,
        response: { 201: QuotationSchema, 403: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotations.createQuotation(principalOf(request), request.body)),
  );

  app.get(
    '/cp/quotations/',
    {
      config: { access: { module: 'CP', resource: 'QUOTATION', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          'Quotations, newest first unless sort (createdAt, number, status, validUntil) and order say otherwise; status filter, or active=true for QUOTED and REQUESTED (not expired)',
        querystring: QuotationListQuerySchema,
        response: { 200: QuotationListResponseSchema, ...errors },
      },
    },
    async (request) => quotations.findQuotations(principalOf(request), request.query),
  );

  app.get(
    '/cp/quotations/:id',
    {
      config: { access: { module: 'CP', resource: 'QUOTATION', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'One quotation with its charge lines',
        params: IdParamsSchema,
        response: { 200: QuotationSchema, ...errors },
      },
    },
    async (request) => quotations.getQuotation(principalOf(request), request.params.id),
  );

  app.post(
    '/cp/quotations/:id/accept/',
    {
      config: { access: { module: 'CP', resource: 'QUOTATION', operation: 'ACCEPT' } },
      schema: {
        tags,
        summary:
          'Accept a valid QUOTED quotation: 201 with the booking it creates (REQUESTED), in one transaction',
        params: IdParamsSchema,
        response: { 201: BookingSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quotations.acceptQuotation(principalOf(request), request.params.id)),
  );

  app.post(
    '/cp/quotations/:id/price/',
    {
      config: { access: { module: 'ADMIN', resource: 'QUOTATION', operation: 'PRICE' } },
      schema: {
        tags,
        summary: 'Carrier staff price a REQUESTED quotation: charge lines, currency, validity -> QUOTED',
        params: IdParamsSchema,
        body: PriceQuotationBodySchema,
        response: { 200: QuotationSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => quotations.priceQuotation(principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/cp/quotations/:id/reject/',
    {
      config: { access: { module: 'CP', resource: 'QUOTATION', operation: 'REJECT' } },
      schema: {
        tags,
        summary: 'Reject a quotation (QUOTED or REQUESTED) with a reason',
        params: IdParamsSchema,
        body: RejectBodySchema,
        response: { 200: QuotationSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      quotations.rejectQuotation(principalOf(request), request.params.id, request.body.reason),
  );
};
