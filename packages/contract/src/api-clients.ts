import { z } from 'zod';
import { isoDateSchema, todayIso } from './quotations';
import { singleLine } from './single-line';

/**
 * What a company's API client may read (issue 30), each a read-only OAuth 2 scope it asks for in the
 * client-credentials grant. A route a client may call declares the one scope that opens it (decision 025).
 */
export const API_CLIENT_SCOPES = ['tnt:read', 'ebl:read', 'schedules:read'] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

/** The scopes as the profile's checkboxes name them. */
export const API_CLIENT_SCOPE_LABELS: Record<ApiClientScope, string> = {
  'tnt:read': 'Track & Trace events (DCSA T&T)',
  'ebl:read': 'Bills of lading (list and DCSA eBL documents)',
  'schedules:read': 'Sailing schedules (DCSA Commercial Schedules)',
};

/** An API client lives at most a year: its expiry date is after today and at most a year from today (UTC). */
export const API_CLIENT_MAX_YEARS = 1;

/** The last expiry date a client created today may have (today's date a year on, UTC; 29 February -> 28th). */
export function latestApiClientExpiry(today = todayIso()): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + API_CLIENT_MAX_YEARS, month - 1, day));
  // 29 February a year on does not exist: Date rolls it to 1 March; keep the last day of February instead.
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

export const API_CLIENT_MESSAGES = {
  expiryPast: 'must be after today',
  expiryTooLate: `must be at most ${API_CLIENT_MAX_YEARS} year from today`,
  /** A customer who is not (yet) an approved member of a company has no company to create clients for. */
  noCompany: 'Only an approved member of a company can manage its API clients',
  duplicateName: 'Your company already has an active API client of this name',
} as const;

/** The expiry date: the client is valid through that day (UTC) and refused from the next. */
export const apiClientExpirySchema = isoDateSchema.superRefine((value, ctx) => {
  if (value <= todayIso()) ctx.addIssue({ code: 'custom', message: API_CLIENT_MESSAGES.expiryPast });
  else if (value > latestApiClientExpiry())
    ctx.addIssue({ code: 'custom', message: API_CLIENT_MESSAGES.expiryTooLate });
});

/** POST cp/company/api-clients/ */
export const CreateApiClientBodySchema = z.object({
  name: singleLine(z.string({ message: 'is required' }).trim().min(1, 'is required').max(80)),
  expiresOn: apiClientExpirySchema,
  scopes: z
    .array(z.enum(API_CLIENT_SCOPES, { message: `must be one of ${API_CLIENT_SCOPES.join(', ')}` }), {
      message: 'is required',
    })
    .min(1, 'pick at least one scope')
    .max(API_CLIENT_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'names a scope twice'),
});
export type CreateApiClientBody = z.infer<typeof CreateApiClientBodySchema>;

export const API_CLIENT_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiClientStatus = (typeof API_CLIENT_STATUSES)[number];

/** One API client as its company's members see it; the secret is never part of it. */
export const ApiClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The OAuth 2 client_id. */
  clientId: z.string(),
  scopes: z.array(z.enum(API_CLIENT_SCOPES)),
  /** The last day it is valid (UTC), YYYY-MM-DD. */
  expiresOn: z.string(),
  status: z.enum(API_CLIENT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

export const ApiClientListSchema = z.object({ results: z.array(ApiClientSchema) });
export type ApiClientList = z.infer<typeof ApiClientListSchema>;

/** The answer to a create: the client, its secret (shown this once, stored only as a hash) and where tokens come from. */
export const CreatedApiClientSchema = z.object({
  client: ApiClientSchema,
  clientSecret: z.string(),
  tokenUrl: z.string(),
});
export type CreatedApiClient = z.infer<typeof CreatedApiClientSchema>;
