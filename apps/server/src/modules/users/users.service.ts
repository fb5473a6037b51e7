import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type AdminUserListQuery,
  type SetUserOfficesBody,
  type SetUserRolesBody,
} from '@lading/contract/admin-workspace';
import type { SecondFactorReset } from '@lading/contract/second-factor';
import type { Session } from '@lading/contract/sessions';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import * as repo from './users.repository';

const RECORD = 'USER';

type NewAccount = Parameters<typeof repo.insertAccount>[1];
/** Roles that only a caller working for the corporate office (scope all) grants or takes away. */
const CORPORATE_ROLES = ['CARRIER_ADMIN', 'CARRIER_STAFF_CORPORATE'] as const;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields: { [field]: message } });

/**
 * User administration for carrier staff (ADMIN.USER): search, activate/deactivate, roles, offices and the
 * verification mail. Every call reaches only the users of the caller's scope (`scoped('user', …)`, lib/scopes.ts); each change
 * locks the user's row, writes one audit row (record type USER) and commits as one transaction.
 */
/**
 * What the users module needs from the identity and registration modules, declared here and injected by app.ts:
 * both use this module's front door (registration creates accounts through this service), so importing them would
 * close a circle.
 */
type UsersDeps = {
  db: Db;
  kickMail: () => void;
  /** Identity: end every session of the user and revoke every token issued to them, in the caller's transaction. */
  endSessionsOf: (tx: Tx, userId: number) => Promise<void>;
  /** Identity: the user's live sessions (`current` marks `currentSessionId`). */
  sessionsOf: (userId: number, currentSessionId?: string) => Promise<Session[]>;
  /** Identity: ends one live session of the user (by id), or all of them; answers how many ended. */
  endSessions: (tx: Tx, userId: number, which: { publicId: string } | 'all') => Promise<number>;
  /** Registration: a new verification link (older ones stop working) mailed through the outbox, in the transaction. */
  sendVerification: (tx: Tx, user: { id: number; email: string; firstName: string }) => Promise<void>;
  /**
   * Identity: removes the user's second factors and recovery codes, ends every session, mails the user, in the
   * transaction; answers what was removed.
   */
  resetSecondFactor: (tx: Tx, userId: number, reason: string) => Promise<SecondFactorReset>;
};

export function createUsersService(deps: UsersDeps) {
  const { db } = deps;

  /** Runs `change` on the locked user (404 outside the scope) and answers the user as it is afterwards. */
  async function changeUser(
    principal: Principal,
    id: number,
    change: (tx: Tx, user: AdminUser) => Promise<void>,
  ): Promise<AdminUser> {
    return db.transaction(async (tx) => {
      const user = await repo.findUserInScope(tx, principal.scope, id, true);
      if (!user) throw notFound('User');
      await change(tx, user);
      // Read back unscoped: taking a branch caller's own office away moves the user out of their scope.
      return (await repo.findUserInScope(tx, { kind: 'all' }, id))!;
    });
  }

  return {
    /**
     * A new customer account (registration's sign-up), in the caller's transaction: the user row and the CUSTOMER
     * role. A taken e-mail address or username fails on its unique index.
     */
    createCustomerAccount(tx: Tx, values: NewAccount): Promise<number> {
      return repo.insertAccount(tx, values, 'CUSTOMER');
    },

    /** Changes the account's password, verified address or profile (registration, profile), in the transaction. */
    updateAccount(tx: Tx, id: number, changes: repo.AccountChanges): Promise<void> {
      return repo.updateAccount(tx, id, changes);
    },

    findUsers(principal: Principal, query: AdminUserListQuery) {
      return repo.findUsers(db, principal.scope, query);
    },

    async getUser(principal: Principal, id: number): Promise<AdminUser> {
      const user = await repo.findUserInScope(db, principal.scope, id);
      if (!user) throw notFound('User');
      return user;
    },

    /** A user's live sessions, for an administrator whose scope reaches the user (404 otherwise). */
    async sessionsOf(principal: Principal, id: number): Promise<Session[]> {
      const user = await repo.findUserInScope(db, principal.scope, id);
      if (!user) throw notFound('User');
      return deps.sessionsOf(id, id === principal.userId ? principal.sessionId : undefined);
    },

    /**
     * Ends one of a user's sessions, or all (ASVS V7.4.5): the tokens stop working at once, on every instance. The
     * reason is audited (record type USER, `SESSION_ENDED` / `SESSIONS_ENDED`); an unknown or ended session is a 404.
     */
    async endSessions(
      principal: Principal,
      id: number,
      which: { publicId: string } | 'all',
      reason: string,
    ): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        const user = await repo.findUserInScope(tx, principal.scope, id, true);
        if (!user) throw notFound('User');
        const ended = await deps.endSessions(tx, id, which);
        if (which !== 'all' && ended === 0) throw notFound('Session');
        if (ended)
          await recordAudit(tx, principal, {
            module: 'ADMIN',
            recordType: RECORD,
            recordId: id,
            action: which === 'all' ? 'SESSIONS_ENDED' : 'SESSION_ENDED',
            comment: `${which === 'all' ? `${ended} session${ended === 1 ? '' : 's'}` : `session ${which.publicId}`}: ${reason}`,
          });
        return { ended };
      });
    },

    /**
     * Resets a user's lost second factor (ASVS V6.4.4), for an administrator whose scope reaches the user (404
     * otherwise): the factor and recovery codes go, every session ends, the user is mailed; audited with the reason
     * (`SECOND_FACTOR_RESET`). Not one's own (400 `id`); a user without a factor is a 409.
     */
    async resetSecondFactor(principal: Principal, id: number, reason: string): Promise<SecondFactorReset> {
      const answer = await db.transaction(async (tx) => {
        const user = await repo.findUserInScope(tx, principal.scope, id, true);
        if (!user) throw notFound('User');
        if (id === principal.userId) throw invalid('id', ADMIN_USER_MESSAGES.notOwnSecondFactor);
        const reset = await deps.resetSecondFactor(tx, id, reason);
        if (!reset.totp && reset.recoveryCodes === 0)
          throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.noSecondFactor);
        await recordAudit(tx, principal, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'SECOND_FACTOR_RESET',
          comment: `${reset.sessionsEnded} session${reset.sessionsEnded === 1 ? '' : 's'} ended: ${reason}`,
        });
        return reset;
      });
      deps.kickMail();
      return answer;
    },

    /** Deactivating ends every session and revokes every token at once; sign-in is refused until reactivated. */
    setActive(principal: Principal, id: number, isActive: boolean): Promise<AdminUser> {
      return changeUser(principal, id, async (tx, user) => {
        if (!isActive && id === principal.userId) throw invalid('isActive', ADMIN_USER_MESSAGES.notSelf);
        if (user.isActive === isActive) return;
        await repo.updateUserActive(tx, id, isActive);
        if (!isActive) await deps.endSessionsOf(tx, id);
        await recordAudit(tx, principal, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: isActive ? 'ACTIVATED' : 'DEACTIVATED',
          fromStatus: user.isActive ? 'ACTIVE' : 'INACTIVE',
          toStatus: isActive ? 'ACTIVE' : 'INACTIVE',
        });
      });
    },

    /**
     * The roles replace the user's; an administrator never removes their own administrator role. Granting or taking
     * CARRIER_ADMIN / CARRIER_STAFF_CORPORATE needs scope all (working for the corporate office): else 400 naming
     * `roles` (a field refusal like the own-administrator rule; 403 stays the missing-permission answer).
     */
    setRoles(principal: Principal, id: number, body: SetUserRolesBody): Promise<AdminUser> {
      return changeUser(principal, id, async (tx, user) => {
        if (
          id === principal.userId &&
          user.roles.includes('CARRIER_ADMIN') &&
          !body.roles.includes('CARRIER_ADMIN')
        )
          throw invalid('roles', ADMIN_USER_MESSAGES.keepOwnAdmin);
        const before = [...user.roles].sort();
        const after = [...body.roles].sort();
        if (before.join() === after.join()) return;
        const corporateChanged = CORPORATE_ROLES.some(
          (role) => before.includes(role) !== after.includes(role),
        );
        if (corporateChanged && principal.scope.kind !== 'all')
          throw invalid('roles', ADMIN_USER_MESSAGES.corporateRolesOnly);
        await repo.replaceUserRoles(tx, id, after);
        await recordAudit(tx, principal, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'ROLES_CHANGED',
          changes: [{ field: 'roles', before, after }],
        });
      });
    },

    /**
     * The offices a member of staff works for. Working as a branch, the caller gives or takes only offices of their
     * own scope; the user's other offices stay as they are.
     */
    setOffices(principal: Principal, id: number, body: SetUserOfficesBody): Promise<AdminUser> {
      return changeUser(principal, id, async (tx, user) => {
        const found = await repo.findOfficesByIds(tx, body.officeIds);
        body.officeIds.forEach((officeId, index) => {
          if (!found.some((office) => office.id === officeId))
            throw invalid(`officeIds.${index}`, 'is not an office');
          if (principal.scope.kind === 'offices' && !principal.scope.officeIds.includes(officeId))
            throw invalid(`officeIds.${index}`, 'is not an office you administer');
        });
        if (body.officeIds.length > 0 && !user.isStaff)
          throw invalid('officeIds', 'only carrier staff work for an office');
        const scope = principal.scope;
        const kept =
          scope.kind === 'offices'
            ? user.offices.filter((office) => !scope.officeIds.includes(office.id)).map((office) => office.id)
            : [];
        const next = [...new Set([...kept, ...body.officeIds])].sort((a, b) => a - b);
        const before = user.offices.map((office) => office.id).sort((a, b) => a - b);
        if (before.join() === next.join()) return;
        await repo.replaceUserOffices(tx, id, next);
        const codes = async (ids: number[]) =>
          (await repo.findOfficesByIds(tx, ids)).map((office) => office.code);
        await recordAudit(tx, principal, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'OFFICES_CHANGED',
          changes: [{ field: 'offices', before: await codes(before), after: await codes(next) }],
        });
      });
    },

    /** A new verification link (the older ones stop working) through the outbox and its template. */
    async resendVerification(principal: Principal, id: number): Promise<AdminUser> {
      const user = await changeUser(principal, id, async (tx, user) => {
        if (user.isVerified)
          throw new AppError('CONFLICT', ADMIN_USER_MESSAGES.alreadyVerified, {
            fields: { email: ADMIN_USER_MESSAGES.alreadyVerified },
          });
        await deps.sendVerification(tx, { id, email: user.email, firstName: user.firstName });
        await recordAudit(tx, principal, {
          module: 'ADMIN',
          recordType: RECORD,
          recordId: id,
          action: 'VERIFICATION_RESENT',
        });
      });
      deps.kickMail();
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
