import { createHash } from 'node:crypto';
import {
  DCSA_DATE_TIME_OPERATORS,
  DCSA_TNT_DEFAULT_LIMIT,
  DCSA_TNT_ERROR_CODES,
  DCSA_TNT_MAX_SUBSCRIPTIONS,
  type DcsaDateTimeOperator,
  type DcsaTntEvent,
  type DcsaTntEventsQuery,
  type DcsaTntSubscription,
  type DcsaTntSubscriptionCreate,
  type DcsaTntSubscriptionUpdate,
} from '@lading/contract/dcsa-tnt';
import { DB_INT_MAX } from '@lading/contract/ids';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { seal } from '../../lib/sealing';
import type { FeedFilter, SubscriptionInput, TrackingService } from '../tracking';
import { type CallbackPolicy, callbackUrlProblem, resolveHost } from './callback-url';
import { toDcsaEvent, toDcsaSubscription } from './event-documents';
import { parseCallReference } from './schedule-documents';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks';

/**
 * A refused request: 400 naming each field. The Track & Trace routes answer it in the standard's error body (one
 * `errors` entry per field, with `tntErrorCode`).
 */
export function tntProblem(
  fields: Record<string, string>,
  code: number = DCSA_TNT_ERROR_CODES.invalidInput,
): AppError {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
    fields,
    details: { tntErrorCode: String(code) },
  });
}

const FEED_PATH = '/dcsa/tnt/v3/events';
const SUBSCRIPTIONS_PATH = '/dcsa/tnt/v3/event-subscriptions';
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A digest of the filters a page was read with, so a cursor cannot be replayed with others. */
function filtersDigest(query: Record<string, unknown>): string {
  const filters = Object.entries(query)
    .filter(([key, value]) => key !== 'limit' && key !== 'cursor' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

const encodeCursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor(cursor: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const invalidCursor = (message = 'is not a cursor this API gave') =>
  tntProblem({ cursor: message }, DCSA_TNT_ERROR_CODES.invalidCursor);

/** The feed's position after the page a cursor came from (createdAt to the microsecond, id). */
function feedCursor(query: DcsaTntEventsQuery): { createdAt: string; id: number } | null {
  if (query.cursor === undefined) return null;
  const value = decodeCursor(query.cursor);
  const { t, i, f } = value ?? {};
  if (
    typeof t !== 'string' ||
    !CREATED_AT.test(t) ||
    Number.isNaN(Date.parse(t)) ||
    typeof i !== 'number' ||
    !Number.isInteger(i) ||
    i < 1 ||
    i > DB_INT_MAX ||
    typeof f !== 'string'
  )
    throw invalidCursor();
  if (f !== filtersDigest(query))
    throw invalidCursor('belongs to other filters: send the filters of the first page with it');
  return { createdAt: t, id: i };
}

/** `eventCreatedDateTime`, `eventCreatedDateTime:gte`, … as comparisons (no operator is `eq`). */
function dateFilters(
  query: Record<string, unknown>,
  name: 'eventCreatedDateTime' | 'eventDateTime',
): { op: DcsaDateTimeOperator; at: string }[] {
  const out: { op: DcsaDateTimeOperator; at: string }[] = [];
  if (typeof query[name] === 'string') out.push({ op: 'eq', at: query[name] as string });
  for (const op of DCSA_DATE_TIME_OPERATORS) {
    const value = query[`${name}:${op}`];
    if (typeof value === 'string') out.push({ op, at: value });
  }
  return out;
}

/** The feed's filters from the standard's query parameters. */
function feedFilter(query: DcsaTntEventsQuery): FeedFilter {
  const reference = query.transportCallReference;
  const callKey = reference === undefined ? undefined : parseCallReference(reference);
  return {
    eventTypes: query.eventTypes,
    shipmentEventTypeCodes: query.shipmentEventTypeCodes,
    documentTypeCodes: query.documentTypeCodes,
    documentReference: query.documentReference,
    transportEventTypeCodes: query.transportEventTypeCodes,
    equipmentEventTypeCodes: query.equipmentEventTypeCodes,
    equipmentReference: query.equipmentReference,
    ...(callKey !== undefined ? { transportCall: callKey } : {}),
    vesselIMONumber: query.vesselIMONumber,
    carrierExportVoyageNumber: query.carrierExportVoyageNumber,
    carrierImportVoyageNumber: query.carrierImportVoyageNumber,
    carrierServiceCode: query.carrierServiceCode,
    UNLocationCode: query.UNLocationCode,
    // We publish no universal (VSA) references: a filter on one matches nothing.
    nothing: Boolean(
      query.universalServiceReference ||
        query.universalExportVoyageReference ||
        query.universalImportVoyageReference,
    ),
    createdAt: dateFilters(query, 'eventCreatedDateTime'),
    eventAt: dateFilters(query, 'eventDateTime'),
  };
}

/** A link to the next page: the same parameters as sent, with the next cursor. */
function nextPageLink(publicUrl: string, path: string, sent: URLSearchParams, cursor: string): string {
  const params = new URLSearchParams(sent);
  params.delete('cursor');
  params.set('cursor', cursor);
  return `${publicUrl}${path}?${params.toString()}`;
}

/**
 * DCSA Track & Trace 3.0.0-Beta-1 (issue 30, decision 029) over the tracking module's feed and subscriptions: the
 * standard's query parameters and bodies turned into our filters, the answers mapped (event-documents.ts), callback
 * URLs checked for where they point, secrets sealed. No SQL of its own.
 */
export function createTrackAndTraceService(deps: {
  tracking: Pick<
    TrackingService,
    | 'findDcsaEvents'
    | 'findDcsaEvent'
    | 'listSubscriptions'
    | 'getSubscription'
    | 'createSubscription'
    | 'updateSubscription'
    | 'rotateSecret'
    | 'deleteSubscription'
  >;
  publicUrl: string;
  sessionSecret: string;
  policy: CallbackPolicy;
  /** How a callback's host is resolved (tests may resolve a name of their own). */
  resolve?: (host: string) => Promise<string[]>;
}) {
  const { tracking, publicUrl, sessionSecret, policy } = deps;
  const resolve = deps.resolve ?? resolveHost;

  const sealSecret = (secret: string) => seal(secret, sessionSecret, WEBHOOK_SECRET_PURPOSE);

  /** The subscription's callback (checked for where it points) and filters, in the tracking module's terms. */
  async function subscriptionInput(
    body: DcsaTntSubscriptionCreate | DcsaTntSubscriptionUpdate,
  ): Promise<SubscriptionInput> {
    const problem = await callbackUrlProblem(body.callbackUrl, policy, resolve);
    if (problem) throw tntProblem({ callbackUrl: problem });
    const reference = body.transportCallReference;
    return {
      callbackUrl: body.callbackUrl,
      filters: {
        eventTypes: body.eventTypes ?? null,
        shipmentEventTypeCodes: body.shipmentEventTypeCodes ?? null,
        documentTypeCodes: body.documentTypeCodes ?? null,
        documentReference: body.documentReference ?? null,
        equipmentEventTypeCodes: body.equipmentEventTypeCodes ?? null,
        equipmentReference: body.equipmentReference ?? null,
        transportEventTypeCodes: body.transportEventTypeCodes ?? null,
        vesselIMONumber: body.vesselIMONumber ?? null,
        carrierExportVoyageNumber: body.carrierExportVoyageNumber ?? null,
        carrierServiceCode: body.carrierServiceCode ?? null,
        UNLocationCode: body.UNLocationCode ?? null,
      },
      ...(reference !== undefined
        ? { transportCall: { reference, key: parseCallReference(reference) } }
        : {}),
    };
  }

  return {
    /**
     * GET /dcsa/tnt/v3/events: the events of the caller's scope matching the filters, oldest first by
     * `eventCreatedDateTime`; `nextPage` links the page after it (the same parameters with a cursor).
     */
    async events(
      caller: Principal,
      query: DcsaTntEventsQuery,
      sent: URLSearchParams,
    ): Promise<{ events: DcsaTntEvent[]; nextPage?: string }> {
      const after = feedCursor(query);
      const limit = query.limit ?? DCSA_TNT_DEFAULT_LIMIT;
      const page = await tracking.findDcsaEvents(caller.scope, feedFilter(query), after, limit);
      const events = page.events.map(toDcsaEvent);
      if (!page.next) return { events };
      const cursor = encodeCursor({ t: page.next.createdAt, i: page.next.id, f: filtersDigest(query) });
      return { events, nextPage: nextPageLink(publicUrl, FEED_PATH, sent, cursor) };
    },

    /** GET /dcsa/tnt/v3/events/{eventID}: 404 outside the caller's scope, as for an unknown id. */
    async event(caller: Principal, eventId: string): Promise<DcsaTntEvent> {
      return toDcsaEvent(await tracking.findDcsaEvent(caller.scope, eventId));
    },

    /** GET /dcsa/tnt/v3/event-subscriptions: the caller's scope's subscriptions, oldest first. */
    async listSubscriptions(
      caller: Principal,
      query: { limit?: number; cursor?: string },
      sent: URLSearchParams,
    ): Promise<{ subscriptions: DcsaTntSubscription[]; nextPage?: string }> {
      let afterId = 0;
      if (query.cursor !== undefined) {
        const { i } = decodeCursor(query.cursor) ?? {};
        if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > DB_INT_MAX) throw invalidCursor();
        afterId = i;
      }
      const limit = query.limit ?? DCSA_TNT_MAX_SUBSCRIPTIONS;
      const rows = await tracking.listSubscriptions(caller.scope, afterId, limit + 1);
      const page = rows.slice(0, limit);
      const subscriptions = page.map(toDcsaSubscription);
      const last = page.at(-1);
      if (rows.length <= limit || !last) return { subscriptions };
      return {
        subscriptions,
        nextPage: nextPageLink(publicUrl, SUBSCRIPTIONS_PATH, sent, encodeCursor({ i: last.id })),
      };
    },

    async getSubscription(caller: Principal, subscriptionId: string): Promise<DcsaTntSubscription> {
      return toDcsaSubscription(await tracking.getSubscription(caller.scope, subscriptionId));
    },

    /** POST: a subscription of the caller's scope; the secret is sealed and never answered. */
    async createSubscription(
      caller: Principal,
      body: DcsaTntSubscriptionCreate,
    ): Promise<DcsaTntSubscription> {
      const input = await subscriptionInput(body);
      return toDcsaSubscription(await tracking.createSubscription(caller, input, sealSecret(body.secret)));
    },

    /** PUT: the whole subscription but its secret (a filter left out is removed). */
    async updateSubscription(
      caller: Principal,
      subscriptionId: string,
      body: DcsaTntSubscriptionUpdate,
    ): Promise<DcsaTntSubscription> {
      // Found first: another scope's subscription is 404 whatever the body says.
      await tracking.getSubscription(caller.scope, subscriptionId);
      if (body.subscriptionID !== undefined && body.subscriptionID !== subscriptionId)
        throw tntProblem({ subscriptionID: 'must be the subscriptionID of the path (or be left out)' });
      const input = await subscriptionInput(body);
      return toDcsaSubscription(await tracking.updateSubscription(caller.scope, subscriptionId, input));
    },

    /** PUT …/secret: pushes are signed with the new secret from the next one on. */
    async rotateSecret(caller: Principal, subscriptionId: string, secret: string): Promise<void> {
      await tracking.rotateSecret(caller.scope, subscriptionId, sealSecret(secret));
    },

    async deleteSubscription(caller: Principal, subscriptionId: string): Promise<void> {
      await tracking.deleteSubscription(caller.scope, subscriptionId);
    },
  };
}

export type TrackAndTraceService = ReturnType<typeof createTrackAndTraceService>;
