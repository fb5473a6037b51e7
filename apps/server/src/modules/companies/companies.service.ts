import type {
  CompanyMembership,
  CompanyMembershipListQuery,
  CompanyRequestBody,
} from '@lading/contract/companies';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { publishEvent } from '../../lib/domain-events';
import type { Principal } from '../../lib/principal';
import * as repo from './companies.repository';

countries.registerLocale(english);

const RECORD = 'COMPANY_MEMBERSHIP';
const pickCompany = () =>
  new AppError('VALIDATION_FAILED', 'party: Please pick a company from the list', {
    fields: { party: 'Please pick a company from the list' },
  });

/**
 * Company membership (specification section 3: the user's party). Picking a company, or asking for a new one, makes
 * the user a pending member: they see the company's name only, and `users.party_id` stays empty, until carrier staff
 * approve. Membership never opens another user's records; it only names the company on the user's documents.
 */
export function createCompaniesService(deps: { db: Db; kickMail: () => void }) {
  const { db, kickMail } = deps;

  async function request(tx: Tx, principal: Principal, partyId: number, isNewCompany: boolean) {
    const id = await repo.upsertMembershipRequest(tx, { userId: principal.userId, partyId, isNewCompany });
    await repo.setUserCompany(tx, principal.userId, null);
    await recordAudit(tx, principal, {
      module: 'CP',
      recordType: RECORD,
      recordId: id,
      action: isNewCompany ? 'NEW_COMPANY_REQUESTED' : 'REQUESTED',
      toStatus: 'PENDING',
    });
    await publishEvent(tx, principal, {
      type: 'COMPANY_MEMBERSHIP_REQUESTED',
      recordType: RECORD,
      recordId: id,
      payload: { userId: principal.userId, partyId, isNewCompany },
    });
    return id;
  }

  async function decide(
    principal: Principal,
    id: number,
    decision: { approved: true } | { approved: false; reason: string },
  ): Promise<CompanyMembership> {
    const result = await db.transaction(async (tx) => {
      const membership = await repo.findMembershipById(tx, id, true);
      if (!membership) throw notFound('Membership request');
      if (membership.status !== 'PENDING') {
        throw new AppError(
          'CONFLICT',
          `This request was already ${membership.status === 'APPROVED' ? 'approved' : 'refused'}.`,
          { fields: { status: `is ${membership.status}` } },
        );
      }
      const reason = decision.approved ? null : decision.reason;
      const status = decision.approved ? 'APPROVED' : 'REFUSED';
      await repo.decideMembership(tx, id, { status, decidedById: principal.userId, reason });
      if (decision.approved) {
        await repo.setUserCompany(tx, membership.user.id, membership.company.id);
        if (membership.company.status !== 'APPR')
          await repo.updatePartyStatus(tx, membership.company.id, { status: 'APPR', isActive: true });
      } else if (membership.isNewCompany && membership.company.status !== 'APPR') {
        await repo.updatePartyStatus(tx, membership.company.id, { status: 'REFUSED', isActive: false });
      }
      await recordAudit(tx, principal, {
        module: 'ADMIN',
        recordType: RECORD,
        recordId: id,
        action: status,
        fromStatus: 'PENDING',
        toStatus: status,
        comment: reason,
      });
      await publishEvent(tx, principal, {
        type: decision.approved ? 'COMPANY_MEMBERSHIP_APPROVED' : 'COMPANY_MEMBERSHIP_REFUSED',
        recordType: RECORD,
        recordId: id,
        payload: {
          userId: membership.user.id,
          partyId: membership.company.id,
          companyName: membership.company.name,
          reason,
        },
      });
      return (await repo.findMembershipById(tx, id))!;
    });
    kickMail();
    return result;
  }

  return {
    /**
     * The profile's company field, in the profile update's transaction: the same company as now changes nothing;
     * another approved, active company makes the user its pending member.
     */
    async requestMembership(tx: Tx, principal: Principal, partyId: number): Promise<void> {
      const current = await repo.findMembershipOfUser(tx, principal.userId);
      if (current && current.partyId === partyId && current.status !== 'REFUSED') return;
      const party = await repo.findPartyForMembership(tx, partyId);
      if (!party?.isActive || party.status !== 'APPR') throw pickCompany();
      await request(tx, principal, partyId, false);
    },

    /** A company the carrier does not know yet: created PENDING with the user as its pending member. */
    async requestNewCompany(principal: Principal, body: CompanyRequestBody): Promise<void> {
      const countryCode = countries.getAlpha2Code(body.country, 'en');
      if (!countryCode) {
        throw new AppError('VALIDATION_FAILED', 'country: Please pick a country from the list', {
          fields: { country: 'Please pick a country from the list' },
        });
      }
      await db.transaction(async (tx) => {
        const partyId = await repo.insertRequestedParty(tx, {
          name: body.name,
          address: body.address,
          countryCode,
          taxId: body.taxId,
        });
        await request(tx, principal, partyId, true);
      });
    },

    findMemberships(query: CompanyMembershipListQuery) {
      return repo.findMemberships(db, query);
    },

    approve(principal: Principal, id: number) {
      return decide(principal, id, { approved: true });
    },

    refuse(principal: Principal, id: number, reason: string) {
      return decide(principal, id, { approved: false, reason });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
