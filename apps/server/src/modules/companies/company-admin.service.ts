import type { AdminCompany, AdminCompanyListQuery, CompanyValues } from '@lading/contract/admin-workspace';
import countries from 'i18n-iso-countries';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditChange, recordAudit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/database-errors';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import * as repo from './company-admin.repository';

const RECORD = 'COMPANY';
const EDITABLE = [
  'code',
  'name',
  'roles',
  'status',
  'isActive',
  'address',
  'countryCode',
  'mobile',
  'emailId',
  'taxId',
] as const;

const PENDING_REQUEST =
  'a membership request for this company is pending: approve or refuse the request in Company requests instead';

const codeTaken = () =>
  new AppError('CONFLICT', 'code: another company has this code', {
    fields: { code: 'another company has this code' },
  });

function checkCountry(values: CompanyValues) {
  if (values.countryCode && !countries.isValid(values.countryCode))
    throw new AppError('VALIDATION_FAILED', 'countryCode: is not a country code', {
      fields: { countryCode: 'is not a country code' },
    });
}

function diff(before: AdminCompany, after: CompanyValues): AuditChange[] {
  return EDITABLE.flatMap((field) =>
    JSON.stringify(before[field]) === JSON.stringify(after[field])
      ? []
      : [{ field, before: before[field], after: after[field] }],
  );
}

/**
 * Companies (parties) for carrier staff: create and edit with party roles, status (APPR) and the active flag.
 * Companies are carrier-wide, like tariffs. Edits are versioned (412/428) and audited field by field.
 */
export function createCompanyAdminService(deps: { db: Db }) {
  const { db } = deps;

  /** A code that another company holds is 409 naming `code`, also when two requests race for it. */
  const withUniqueCode = <T>(run: () => Promise<T>): Promise<T> =>
    withUniqueFields(run, (index) =>
      index === 'parties_code_unique' || index === '' ? codeTaken() : undefined,
    );

  async function assertCodeFree(tx: Tx, code: string, id?: number) {
    const holder = await repo.findCompanyIdByCode(tx, code);
    if (holder !== null && holder !== id) throw codeTaken();
  }

  return {
    findCompanies: (query: AdminCompanyListQuery) => repo.findCompanies(db, query),

    async getCompany(id: number): Promise<AdminCompany> {
      const company = await repo.findCompanyById(db, id);
      if (!company) throw notFound('Company');
      return company;
    },

    createCompany(principal: Principal, values: CompanyValues): Promise<AdminCompany> {
      checkCountry(values);
      return withUniqueCode(() =>
        db.transaction(async (tx) => {
          await assertCodeFree(tx, values.code);
          const id = await repo.insertCompany(tx, values);
          await recordAudit(tx, principal, {
            module: 'ADMIN',
            recordType: RECORD,
            recordId: id,
            action: 'CREATED',
            toStatus: values.status,
            version: 1,
          });
          return (await repo.findCompanyById(tx, id))!;
        }),
      );
    },

    updateCompany(
      principal: Principal,
      id: number,
      values: CompanyValues,
      ifMatch: string | undefined,
    ): Promise<AdminCompany> {
      const expected = requireExpectedVersion(
        ifMatch,
        values.version,
        'the version of the company you edited',
      );
      checkCountry(values);
      return withUniqueCode(() =>
        db.transaction(async (tx) => {
          const company = await repo.findCompanyById(tx, id, true);
          if (!company) throw notFound('Company');
          assertCurrentVersion(
            company.version,
            expected,
            'This company was changed by someone else since you opened it. Reload to see the changes.',
          );
          const changes = diff(company, values);
          if (changes.length === 0) return company;
          await assertCodeFree(tx, values.code, id);
          // The approval queue decides the status of a company with a waiting request: both must agree.
          if (values.status !== company.status && (await repo.hasPendingMembership(tx, id)))
            throw new AppError('CONFLICT', `status: ${PENDING_REQUEST}`, {
              fields: { status: PENDING_REQUEST },
            });
          await repo.updateCompany(tx, id, values);
          await recordAudit(tx, principal, {
            module: 'ADMIN',
            recordType: RECORD,
            recordId: id,
            action: 'UPDATED',
            fromStatus: company.status,
            toStatus: values.status,
            version: company.version + 1,
            changes,
          });
          return (await repo.findCompanyById(tx, id))!;
        }),
      );
    },
  };
}

export type CompanyAdminService = ReturnType<typeof createCompanyAdminService>;
