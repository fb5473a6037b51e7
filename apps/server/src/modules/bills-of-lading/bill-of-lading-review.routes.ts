import {
  BillOfLadingReviewSchema,
  BlHistoryResponseSchema,
  ReturnBillOfLadingBodySchema,
  ReviewQueueQuerySchema,
  ReviewQueueResponseSchema,
  ReviewTransitionBodySchema,
} from '@lading/contract/bill-of-lading-review';
import { BillOfLadingSchema } from '@lading/contract/bills-of-lading';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import { LateAcceptanceBodySchema, LateAcceptanceSchema } from '@lading/contract/voyages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../lib/request';
import { etagOf } from '../../lib/versioning';
import type { BillOfLadingReviewService } from './bill-of-lading-review.service';

const tags = ['bills of lading: review'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const transitionErrors = { ...errors, 409: ErrorBodySchema, 412: ErrorBodySchema, 428: ErrorBodySchema };
const versionNote =
  'Send the version you reviewed as If-Match (the ETag of GET) or as "version"; an outdated one gets 412.';

/**
 * The carrier's review workflow. Static paths (`review-queue/`) take precedence over `/cp/bill-of-ladings/:id`
 * in Fastify's router, so they never reach the id routes.
 */
export const billOfLadingReviewRoutes: FastifyPluginAsyncZod<{ review: BillOfLadingReviewService }> = async (
  app,
  { review },
) => {
  app.get(
    '/cp/bill-of-ladings/review-queue/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' } },
      schema: {
        tags,
        summary: 'Bills awaiting review (UPDATE PENDING), the longest-waiting first (admins)',
        querystring: ReviewQueueQuerySchema,
        response: { 200: ReviewQueueResponseSchema, ...errors },
      },
    },
    async (request) => review.findReviewQueue(principalOf(request), request.query),
  );

  app.get(
    '/cp/bill-of-ladings/:id/review/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          'The bill, its approved content against the current one field by field, and its history (admins)',
        params: IdParamsSchema,
        response: { 200: BillOfLadingReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await review.getReview(principalOf(request), request.params.id);
      reply.header('etag', etagOf(result.bill.version));
      reply.header('cache-control', 'private, no-cache');
      return result;
    },
  );

  app.get(
    '/cp/bill-of-ladings/:id/history/',
    {
      config: { access: { module: 'CP', resource: 'BL', operation: 'VIEW' } },
      schema: {
        tags,
        summary:
          "A bill's history: who, when, action, status change, field changes, comment (owner or admin)",
        params: IdParamsSchema,
        response: { 200: BlHistoryResponseSchema, ...errors },
      },
    },
    async (request) => ({ results: await review.findHistory(principalOf(request), request.params.id) }),
  );

  app.post(
    '/cp/bill-of-ladings/:id/late-acceptance/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'APPROVE' } },
      schema: {
        tags,
        summary:
          'Accept the bill’s SI (DCO) or VGM (VCO) after its sailing’s cut-off, until a date-time, with a reason',
        params: IdParamsSchema,
        body: LateAcceptanceBodySchema,
        response: {
          201: LateAcceptanceSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await review.grantLateAcceptance(principalOf(request), request.params.id, request.body)),
  );

  app.post(
    '/cp/bill-of-ladings/:id/approve/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'APPROVE' } },
      schema: {
        tags,
        summary: 'Approve: UPDATE PENDING or DRAFT -> APPROVED (admins)',
        description: versionNote,
        params: IdParamsSchema,
        body: ReviewTransitionBodySchema.nullish(),
        response: { 200: BillOfLadingSchema, ...transitionErrors },
      },
    },
    async (request, reply) => {
      const bill = await review.approve(
        principalOf(request),
        request.params.id,
        request.headers['if-match'],
        request.body?.version,
      );
      reply.header('etag', etagOf(bill.version));
      return bill;
    },
  );

  app.post(
    '/cp/bill-of-ladings/:id/return/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'RETURN' } },
      schema: {
        tags,
        summary:
          'Return to the customer with a comment: UPDATE PENDING or APPROVED -> DRAFT; e-mails the owner (admins)',
        description: versionNote,
        params: IdParamsSchema,
        body: ReturnBillOfLadingBodySchema,
        response: { 200: BillOfLadingSchema, ...transitionErrors },
      },
    },
    async (request, reply) => {
      const bill = await review.returnToCustomer(
        principalOf(request),
        request.params.id,
        request.body.comment,
        request.headers['if-match'],
        request.body.version,
      );
      reply.header('etag', etagOf(bill.version));
      return bill;
    },
  );

  app.post(
    '/cp/bill-of-ladings/:id/issue/',
    {
      config: { access: { module: 'ADMIN', resource: 'BL_REVIEW', operation: 'ISSUE' } },
      schema: {
        tags,
        summary: 'Issue: APPROVED -> ISSUED (admins)',
        description: `${versionNote} Sets issuedBy, issuedOn and shippedOnBoardDate when empty.`,
        params: IdParamsSchema,
        body: ReviewTransitionBodySchema.nullish(),
        response: { 200: BillOfLadingSchema, ...transitionErrors },
      },
    },
    async (request, reply) => {
      const bill = await review.issue(
        principalOf(request),
        request.params.id,
        request.headers['if-match'],
        request.body?.version,
      );
      reply.header('etag', etagOf(bill.version));
      return bill;
    },
  );
};
