import {
  MessageResponseSchema,
  PrintBillOfLadingBodySchema,
  SendBlMailBodySchema,
} from '@lading/contract/bill-of-lading-review';
import { ErrorBodySchema } from '@lading/contract/errors';
import { IdParamsSchema } from '@lading/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/request';
import type { BillOfLadingDocumentsService } from './bill-of-lading-documents.service';

const tags = ['bills of lading'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const billOfLadingDocumentsRoutes: FastifyPluginAsyncZod<{
  documents: BillOfLadingDocumentsService;
}> = async (app, { documents }) => {
  // The specification writes this path with the singular "bill-of-lading".
  app.post(
    '/cp/bill-of-lading/:id/bl-print/',
    {
      config: { access: { module: 'CP', resource: 'BL', operation: 'PRINT' } },
      schema: {
        tags,
        summary: 'The bill of lading as a PDF; counts printed drafts, originals and copies',
        description:
          'Body (optional) `{ kind: "draft" | "original" | "copy" }`, default draft. Drafts print in any status ' +
          'with a DRAFT watermark until the bill is issued; originals and copies only once ISSUED and never more ' +
          'than noOfOriginals / noOfCopies (409). Answers application/pdf as an attachment named <number>.pdf.',
        params: IdParamsSchema,
        body: PrintBillOfLadingBodySchema.nullish(),
        response: {
          200: {
            description: 'The PDF, as an attachment named <number>.pdf',
            content: {
              'application/pdf': { schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary' }) },
            },
          },
          ...errors,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const kind = request.body?.kind ?? 'draft';
      const { filename, pdf } = await documents.printBill(principalOf(request), request.params.id, kind);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/cp/bill-of-ladings/send_mail_bl/',
    {
      config: { access: { module: 'CP', resource: 'BL', operation: 'MAIL' } },
      schema: {
        tags,
        summary: 'E-mail the bill of lading as a PDF (draft until issued) to up to 10 addresses',
        description:
          'Queued through the mail outbox; at most 10 mails per user per hour (429 with Retry-After).',
        body: SendBlMailBodySchema,
        response: { 202: MessageResponseSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await documents.sendBillMail(principalOf(request), request.body);
      return reply.status(202).send(result);
    },
  );
};
