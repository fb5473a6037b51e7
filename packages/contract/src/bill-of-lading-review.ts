import { z } from 'zod';
import { BillOfLadingListItemSchema, BillOfLadingSchema, type BL_STATUSES } from './bills-of-lading';
import { idSchema, versionSchema } from './ids';
import { listQuerySchema } from './list-query';

// ---- printing (POST cp/bill-of-lading/{id}/bl-print/) -----------------------------------------------------------

export const PRINT_KINDS = ['draft', 'original', 'copy'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The body is optional; no body prints a draft. */
export const PrintBillOfLadingBodySchema = z
  .object({ kind: z.enum(PRINT_KINDS, { message: 'must be draft, original or copy' }).default('draft') })
  .default({ kind: 'draft' });
export type PrintBillOfLadingBody = z.infer<typeof PrintBillOfLadingBodySchema>;

// ---- e-mail (POST cp/bill-of-ladings/send_mail_bl/) -----------------------------------------------------------

export const MAIL_RECIPIENTS_MAX = 10;
export const MAIL_MESSAGE_MAX = 2000;
/** Mails one user may send per hour (bills of lading with the PDF attached). */
export const BL_MAILS_PER_HOUR = 10;

const emailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('must be an e-mail address'))
  // zod's e-mail rule, written without look-aheads (no dot first, none doubled, a letter, digit, _, + or - last).
  .meta({
    pattern:
      "^\\s*(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}\\s*$",
  });

export const SendBlMailBodySchema = z.object({
  blId: idSchema(),
  to: z
    .array(emailAddress)
    .min(1, 'needs at least one address')
    .max(MAIL_RECIPIENTS_MAX, `at most ${MAIL_RECIPIENTS_MAX} addresses`),
  cc: z.array(emailAddress).max(MAIL_RECIPIENTS_MAX, `at most ${MAIL_RECIPIENTS_MAX} addresses`).optional(),
  message: z
    .string()
    .trim()
    .max(MAIL_MESSAGE_MAX, `must be at most ${MAIL_MESSAGE_MAX} characters`)
    .optional(),
});
export type SendBlMailBody = z.infer<typeof SendBlMailBodySchema>;
/** The E-mail modal's form: the body's own rules, without the bill's id (the modal knows it). */
export const SendBlMailFormSchema = z.object({
  to: SendBlMailBodySchema.shape.to,
  cc: SendBlMailBodySchema.shape.cc.unwrap(),
  message: z.string().max(MAIL_MESSAGE_MAX, `must be at most ${MAIL_MESSAGE_MAX} characters`),
});
export type SendBlMailForm = z.input<typeof SendBlMailFormSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

// ---- review workflow (admins) --------------------------------------------------------------------------------

export const BL_REVIEW_MESSAGES = {
  approved: 'Bill of lading approved',
  returned: 'Bill of lading returned to the customer',
  issued: 'Bill of lading issued',
  mailQueued: 'The bill of lading will be e-mailed shortly',
  commentRequired: 'Please write a comment for the customer',
} as const;

/** Which statuses each transition starts from (anything else is refused with 409). */
export const REVIEW_TRANSITIONS = {
  approve: { from: ['UPDATE PENDING', 'DRAFT'], to: 'APPROVED' },
  return: { from: ['UPDATE PENDING', 'APPROVED'], to: 'DRAFT' },
  issue: { from: ['APPROVED'], to: 'ISSUED' },
} as const satisfies Record<string, { from: readonly BlStatusValue[]; to: BlStatusValue }>;
type BlStatusValue = (typeof BL_STATUSES)[number];
export type ReviewTransition = keyof typeof REVIEW_TRANSITIONS;

/** Approve and issue: the version the reviewer saw (or send it as If-Match). */
export const ReviewTransitionBodySchema = z.object({ version: versionSchema.optional() }).default({});
export type ReviewTransitionBody = z.infer<typeof ReviewTransitionBodySchema>;

export const RETURN_COMMENT_MAX = 2000;
export const ReturnBillOfLadingBodySchema = z.object({
  version: versionSchema.optional(),
  comment: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(RETURN_COMMENT_MAX, `must be at most ${RETURN_COMMENT_MAX} characters`),
});
export type ReturnBillOfLadingBody = z.infer<typeof ReturnBillOfLadingBodySchema>;
/** The Return modal's form: the comment the customer receives. */
export const ReturnBillFormSchema = z.object({
  comment: z
    .string()
    .refine((value) => value.trim() !== '', BL_REVIEW_MESSAGES.commentRequired)
    .refine((value) => value.trim().length <= RETURN_COMMENT_MAX, `At most ${RETURN_COMMENT_MAX} characters`),
});
export type ReturnBillForm = z.input<typeof ReturnBillFormSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const FieldChangeSchema = z.object({ field: z.string(), before: scalar, after: scalar });

export const BlHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  /** "First Last", or null for the system (seed, imports). */
  actorName: z.string().nullable(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  version: z.number().int(),
  changes: z.array(FieldChangeSchema),
  comment: z.string().nullable(),
});
export type BlHistoryEntry = z.infer<typeof BlHistoryEntrySchema>;
export const BlHistoryResponseSchema = z.object({ results: z.array(BlHistoryEntrySchema) });
export type BlHistoryResponse = z.infer<typeof BlHistoryResponseSchema>;

/** One line of the side-by-side comparison: a field path like `containers[1].sealNo`. */
export const ReviewRowSchema = z.object({
  field: z.string(),
  approved: scalar,
  current: scalar,
  isChanged: z.boolean(),
});
export type ReviewRow = z.infer<typeof ReviewRowSchema>;

export const BASELINES = ['approved', 'reconstructed'] as const;

export const BillOfLadingReviewSchema = z.object({
  bill: BillOfLadingSchema,
  /**
   * `approved`: the content as last approved. `reconstructed`: never approved yet, so the content before the first
   * customer change recorded in history (the drafted content).
   */
  baseline: z.enum(BASELINES),
  rows: z.array(ReviewRowSchema),
  changes: z.array(FieldChangeSchema),
  history: z.array(BlHistoryEntrySchema),
});
export type BillOfLadingReview = z.infer<typeof BillOfLadingReviewSchema>;

export const ReviewQueueItemSchema = BillOfLadingListItemSchema.extend({
  ownerName: z.string(),
  ownerEmail: z.string(),
  ownerPartyName: z.string().nullable(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>;
export const REVIEW_QUEUE_MAX = 100;
export const ReviewQueueQuerySchema = listQuerySchema({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(REVIEW_QUEUE_MAX).default(50),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;
export const ReviewQueueResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(ReviewQueueItemSchema),
});
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponseSchema>;
