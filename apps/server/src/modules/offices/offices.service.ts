import { CORPORATE_OFFICE_CODE } from '@lading/contract/access';
import { ADMIN_OFFICE_MESSAGES, type AdminOffice, type OfficeBody } from '@lading/contract/admin-workspace';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditChange, recordAudit } from '../../lib/audit';
import { withUniqueFields } from '../../lib/database-errors';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import * as repo from './offices.repository';

const RECORD = 'OFFICE';

const invalid = (
  field: string,
  message: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) => new AppError(code, `${field}: ${message}`, { fields: { [field]: message } });

const codeTaken = () => invalid('code', ADMIN_OFFICE_MESSAGES.codeTaken, 'CONFLICT');
const portTaken = () => invalid('portId', ADMIN_OFFICE_MESSAGES.portTaken, 'CONFLICT');

/**
 * A code or port that another office holds is 409 naming the field, also when two requests race past the checks
 * and the unique index (`offices_code_unique`, `offices_port_unique`) decides.
 */
const withUniqueCodeAndPort = <T>(run: () => Promise<T>): Promise<T> =>
  withUniqueFields(run, (index) =>
    index === 'offices_code_unique' ? codeTaken() : index === 'offices_port_unique' ? portTaken() : undefined,
  );

/**
 * The carrier's offices (ADMIN.OFFICE): list with their staff, create and edit code, name and port. Whether an office
 * is the corporate one is fixed (TSX): its code cannot change and no other office becomes corporate. Scoped: the
 * corporate office reaches every office, a branch its own; only the corporate office creates offices and changes
 * the port an office serves (one office per port). Edits are versioned (412/428) and audited field by field.
 */
export function createOfficesService(deps: { db: Db }) {
  const { db } = deps;

  async function checkBody(tx: Tx, body: OfficeBody, id?: number) {
    const holder = await repo.findOfficeIdByCode(tx, body.code);
    if (holder !== null && holder !== id) throw codeTaken();
    if (body.portId === null) return;
    if (!(await repo.isSeaPort(tx, body.portId))) throw invalid('portId', 'is not a sea port');
    const server = await repo.findOfficeIdByPort(tx, body.portId);
    if (server !== null && server !== id) throw portTaken();
  }

  return {
    async findOffices(principal: Principal) {
      const results = await repo.findOffices(db, principal.scope);
      return { count: results.length, results };
    },

    async getOffice(principal: Principal, id: number): Promise<AdminOffice> {
      const office = await repo.findOfficeInScope(db, principal.scope, id);
      if (!office) throw notFound('Office');
      return office;
    },

    createOffice(principal: Principal, body: OfficeBody): Promise<AdminOffice> {
      if (principal.scope.kind !== 'all')
        throw new AppError('FORBIDDEN', 'Offices are created from the corporate office (TSX).');
      return withUniqueCodeAndPort(() =>
        db.transaction(async (tx) => {
          await checkBody(tx, body);
          const id = await repo.insertOffice(tx, body);
          await recordAudit(tx, principal, {
            module: 'ADMIN',
            recordType: RECORD,
            recordId: id,
            action: 'CREATED',
            version: 1,
          });
          return (await repo.findOfficeInScope(tx, principal.scope, id))!;
        }),
      );
    },

    updateOffice(
      principal: Principal,
      id: number,
      body: OfficeBody,
      ifMatch: string | undefined,
    ): Promise<AdminOffice> {
      const expected = requireExpectedVersion(ifMatch, body.version, 'the version of the office you edited');
      return withUniqueCodeAndPort(() =>
        db.transaction(async (tx) => {
          const office = await repo.findOfficeInScope(tx, principal.scope, id, true);
          if (!office) throw notFound('Office');
          assertCurrentVersion(office.version, expected, ADMIN_OFFICE_MESSAGES.stale);
          if (office.code === CORPORATE_OFFICE_CODE && body.code !== CORPORATE_OFFICE_CODE)
            throw invalid('code', `the corporate office keeps its code ${CORPORATE_OFFICE_CODE}`);
          if (office.code !== CORPORATE_OFFICE_CODE && body.code === CORPORATE_OFFICE_CODE)
            throw invalid('code', `${CORPORATE_OFFICE_CODE} is the corporate office's code`);
          const before = { code: office.code, name: office.name, portId: office.port?.id ?? null };
          if (before.portId !== body.portId && principal.scope.kind !== 'all')
            throw invalid('portId', ADMIN_OFFICE_MESSAGES.portCorporateOnly);
          await checkBody(tx, body, id);
          const changes: AuditChange[] = (['code', 'name', 'portId'] as const).flatMap((field) =>
            before[field] === body[field] ? [] : [{ field, before: before[field], after: body[field] }],
          );
          if (changes.length === 0) return office;
          await repo.updateOffice(tx, id, body);
          await recordAudit(tx, principal, {
            module: 'ADMIN',
            recordType: RECORD,
            recordId: id,
            action: 'UPDATED',
            version: office.version + 1,
            changes,
          });
          return (await repo.findOfficeInScope(tx, principal.scope, id))!;
        }),
      );
    },
  };
}

export type OfficesService = ReturnType<typeof createOfficesService>;
