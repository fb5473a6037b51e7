import { randomBytes } from 'node:crypto';
import {
  API_CLIENT_MESSAGES,
  API_CLIENT_SCOPES,
  type ApiClient,
  type ApiClientScope,
  type CreateApiClientBody,
  type CreatedApiClient,
} from '@lading/contract/api-clients';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/database-errors';
import { apiClientPrincipalData, companyOf, type Principal } from '../../lib/principal';
import type { ApiClientDirectory } from '../../lib/request';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import * as repo from './api-clients.repository';

/** The audit trail's record type of an API client: its creation, revocation and every call it makes. */
export const API_CLIENT_RECORD = 'API_CLIENT';
/** The token endpoint of the authorization server (identity's OAUTH_PATHS.token). */
const TOKEN_PATH = '/authenticate/oauth/token/';
/** The audit row of a call keeps its method, path and query up to this length. */
const CALL_TEXT_MAX = 500;

const isScope = (value: string): value is ApiClientScope =>
  (API_CLIENT_SCOPES as readonly string[]).includes(value);

/**
 * Companies' API clients (issue 30, decision 025): any approved member of a company lists, creates and revokes its
 * clients (there is no company-administrator role: membership is the company's trust); the secret is shown once.
 * Also what the authorization server and the auth hook need of them: the directory (a live client, its principal)
 * and the audit row of each call.
 */
export function createApiClientsService(deps: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = deps;

  /** The caller's company: only an approved member manages its clients. */
  function companyOfCaller(caller: Principal): number {
    const partyId = companyOf(caller);
    if (partyId === null || caller.apiClient) throw new AppError('FORBIDDEN', API_CLIENT_MESSAGES.noCompany);
    return partyId;
  }

  const nameTaken = (index: string) =>
    index === 'company_api_clients_active_name_idx'
      ? new AppError('CONFLICT', API_CLIENT_MESSAGES.duplicateName, {
          fields: { name: API_CLIENT_MESSAGES.duplicateName },
        })
      : undefined;

  const directory: ApiClientDirectory = {
    async findClient(clientId) {
      const client = await repo.findLiveClient(db, clientId);
      return client ?? undefined;
    },
    async principalOf(clientId, tokenScope) {
      const client = await repo.findLiveClient(db, clientId);
      if (!client) return null;
      const asked = tokenScope?.split(' ').filter(isScope);
      const scopes = client.scopes.filter((scope) => !asked || asked.includes(scope));
      return apiClientPrincipalData({
        id: client.id,
        clientId: client.clientId,
        name: client.name,
        companyName: client.companyName,
        partyId: client.partyId,
        scopes,
      });
    },
  };

  return {
    directory,

    /** The caller's company's clients, newest first, with their status; never a secret. */
    async findClients(caller: Principal): Promise<ApiClient[]> {
      return repo.findClientsOfCompany(db, companyOfCaller(caller));
    },

    /** A new client of the caller's company: its secret is in this answer only (the table keeps its SHA-256). */
    async createClient(caller: Principal, body: CreateApiClientBody): Promise<CreatedApiClient> {
      const partyId = companyOfCaller(caller);
      const clientId = `lc_${randomBytes(16).toString('base64url')}`;
      const clientSecret = newSecretToken();
      const client = await withUniqueFields(
        () =>
          db.transaction(async (tx) => {
            const id = await repo.insertClient(tx, {
              partyId,
              name: body.name,
              clientId,
              secretHash: hashToken(clientSecret),
              scopes: body.scopes,
              expiresOn: body.expiresOn,
              createdById: caller.userId,
            });
            await recordAudit(tx, caller, {
              module: 'CP',
              recordType: API_CLIENT_RECORD,
              recordId: id,
              action: 'CREATED',
              toStatus: 'ACTIVE',
              changes: [
                { field: 'name', before: null, after: body.name },
                { field: 'scopes', before: null, after: body.scopes },
                { field: 'expiresOn', before: null, after: body.expiresOn },
              ],
            });
            return (await repo.findClientOfCompany(tx, partyId, id))!;
          }),
        nameTaken,
      );
      return { client, clientSecret, tokenUrl: `${publicUrl}${TOKEN_PATH}` };
    },

    /**
     * Revokes one of the caller's company's clients (another company's is 404): it gets no token from now on, and the
     * tokens it holds are refused at their next call. Revoking twice is 409.
     */
    async revokeClient(caller: Principal, id: number): Promise<ApiClient> {
      const partyId = companyOfCaller(caller);
      return db.transaction(async (tx) => {
        const client = await repo.findClientOfCompany(tx, partyId, id, true);
        if (!client) throw notFound('API client');
        if (client.status === 'REVOKED') {
          throw new AppError('CONFLICT', 'This API client is already revoked', {
            fields: { status: 'is REVOKED' },
          });
        }
        await repo.revokeClient(tx, id, caller.userId);
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: API_CLIENT_RECORD,
          recordId: id,
          action: 'REVOKED',
          fromStatus: client.status,
          toStatus: 'REVOKED',
        });
        return (await repo.findClientOfCompany(tx, partyId, id))!;
      });
    },

    /** One audit row per call a client makes (method, address, status), and its last use; for the auth hook. */
    async recordCall(
      caller: Principal,
      call: { method: string; url: string; statusCode: number },
    ): Promise<void> {
      const client = caller.apiClient;
      if (!client) return;
      const request = `${call.method} ${call.url}`.slice(0, CALL_TEXT_MAX);
      await db.transaction(async (tx) => {
        await repo.touchClient(tx, client.id);
        await recordAudit(tx, caller, {
          module: 'CP',
          recordType: API_CLIENT_RECORD,
          recordId: client.id,
          action: 'API_CALL',
          comment: `${request} -> ${call.statusCode}`,
        });
      });
    },
  };
}

export type ApiClientsService = ReturnType<typeof createApiClientsService>;
