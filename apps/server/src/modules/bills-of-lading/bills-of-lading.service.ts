import {
  type BillOfLading,
  type BillOfLadingListQuery,
  BL_MESSAGES,
  computeBillTotals,
  diffContent,
  editableContent,
  HS_COMMODITY_PATTERN,
  LOCKED_STATUSES,
  READ_ONLY_FIELDS,
  type UpdateBillOfLadingBody,
} from '@lading/contract/bills-of-lading';
import { round2 } from '@lading/contract/decimal';
import type { BillDeadlines } from '@lading/contract/shipments';
import { BILL_CUT_OFFS } from '@lading/contract/voyages';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAuditAndPublish } from '../../lib/audit';
import type { Principal } from '../../lib/principal';
import { assertCurrentVersion, requireExpectedVersion } from '../../lib/versioning';
import type { VoyagesService } from '../voyages';
import { BILL_RECORD } from './bill-of-lading-review.repository';
import {
  type BillWrite,
  findBillById,
  findBillSailing,
  findBills,
  findKnownReferences,
  findLateAcceptances,
  findVisibleBillSailing,
  lockBill,
  reloadBill,
  writeBill,
} from './bills-of-lading.repository';

const VGM_DECLARED = 'is declared on the VGM screen (SOLAS declaration); change the declaration there';

const invalid = (fields: Record<string, string>) => {
  const [field, message] = Object.entries(fields)[0]!;
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields });
};

/** Read-only values are compared loosely: numbers and numeric strings, null and undefined and ''. */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === '' ? null : typeof v === 'number' ? String(v) : v);
  const x = norm(a);
  const y = norm(b);
  if (
    typeof x === 'string' &&
    typeof y === 'string' &&
    x !== '' &&
    !Number.isNaN(Number(x)) &&
    !Number.isNaN(Number(y))
  )
    return Number(x) === Number(y);
  return x === y;
}

/** 409 when the bill is locked for customer edits, 412 when it is no longer at the version the caller edited. */
function assertEditable(status: BillOfLading['status'], version: number, expected: number): void {
  if (LOCKED_STATUSES.includes(status))
    throw new AppError('CONFLICT', BL_MESSAGES.locked, { fields: { status: `is ${status}` } });
  assertCurrentVersion(version, expected, BL_MESSAGES.stale);
}

/** What a save writes: the body's editable fields and rows, each row rounded half up, the totals recomputed. */
function billWrite(bill: BillOfLading, body: UpdateBillOfLadingBody): BillWrite {
  // Each row rounded half up to 2 decimals first; the totals are the exact sums of the rows as stored.
  const containerRows = body.blContainerDetails.map((c) => ({
    ...c,
    grossWeight: round2(c.grossWeight),
    measurement: round2(c.measurement),
    vgm: round2(c.vgm),
  }));
  const tare = new Map(bill.blContainerDetails.map((c) => [c.containerId, c.containerTareweight]));
  const totals = computeBillTotals(
    containerRows.map((c) => ({
      cargoGrossWeight: c.grossWeight,
      tareWeight: tare.get(c.containerId) ?? 0,
      measurement: c.measurement,
    })),
  );
  const hasContainers = body.blContainerDetails.length > 0;
  return {
    shipperNameInBl: body.shipperNameInBl,
    shipperPhoneNo: body.shipperPhoneNo,
    consigneeNameInBl: body.consigneeNameInBl,
    consigneePhoneNo: body.consigneePhoneNo,
    description: body.description,
    marksAndNos: body.marksAndNos,
    netWeight: hasContainers ? totals.netWeight : null,
    grossWeight: hasContainers ? totals.grossWeight : null,
    measurement: hasContainers ? totals.measurement : null,
    noOfPacks: hasContainers ? body.blContainerDetails.reduce((sum, c) => sum + c.noOfPacks, 0) : null,
    notifyParties: body.blNotifyPartyDetails.map((p, i) => ({
      position: i + 1,
      partyId: p.partyId,
      partyNameInBl: p.partyNameInBl ?? null,
      address: p.address ?? null,
      mobile: p.mobile || null,
      email: p.email || null,
    })),
    containers: containerRows.map((row) => ({
      containerId: row.containerId,
      sealNo: row.sealNo ?? null,
      noOfPacks: row.noOfPacks,
      packageTypeId: row.packageTypeId,
      grossWeight: row.grossWeight,
      measurement: row.measurement,
      vgm: row.vgm,
      vgmMethod: row.vgmMethod,
    })),
    cargo: body.blCargoDetails.map((c, i) => ({
      position: i + 1,
      hsCodeId: c.hsnCode,
      commodity: c.commodity,
      packageTypeId: c.packageTypeId,
      packageDetails: c.packageDetails,
    })),
  };
}

/**
 * True when `write` would store exactly what the bill holds: every editable field, notify party, container row,
 * cargo row and total as the save would write it (null and '' told apart, as the history's diff does).
 */
function writesNothing(bill: BillOfLading, write: BillWrite): boolean {
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  const fields = [
    'shipperNameInBl',
    'shipperPhoneNo',
    'consigneeNameInBl',
    'consigneePhoneNo',
    'description',
    'marksAndNos',
    'netWeight',
    'grossWeight',
    'measurement',
    'noOfPacks',
  ] as const;
  if (!fields.every((field) => same(write[field], bill[field]))) return false;
  const notify = bill.blNotifyPartyDetails;
  if (write.notifyParties.length !== notify.length) return false;
  const notifySame = write.notifyParties.every((p, i) => {
    const stored = notify[i]!;
    return (
      same(p.partyId, stored.party) &&
      same(p.partyNameInBl, stored.partyNameInBl) &&
      same(p.address, stored.address) &&
      same(p.mobile, stored.mobile) &&
      same(p.email, stored.email)
    );
  });
  const stored = new Map(bill.blContainerDetails.map((c) => [c.containerId, c]));
  const containersSame = write.containers.every((c) => {
    const now = stored.get(c.containerId);
    return (
      now !== undefined &&
      same(c.sealNo, now.sealNo) &&
      same(c.noOfPacks, now.noOfPacks) &&
      same(c.packageTypeId, now.packageTypeId) &&
      same(c.grossWeight, now.grossWeight) &&
      same(c.measurement, now.measurement) &&
      same(c.vgm, now.vgm) &&
      same(c.vgmMethod, now.vgmMethod)
    );
  });
  const cargo = bill.blCargoDetails;
  const cargoSame =
    write.cargo.length === cargo.length &&
    write.cargo.every((c, i) => {
      const now = cargo[i]!;
      return (
        same(c.hsCodeId, now.hsnCode) &&
        same(c.commodity, now.commodity) &&
        same(c.packageTypeId, now.packageType) &&
        same(c.packageDetails, now.packageDetails)
      );
    });
  return notifySame && containersSame && cargoSame;
}

export function createBillsOfLadingService(deps: {
  db: Db;
  voyages: Pick<VoyagesService, 'sailingFrom' | 'assertBeforeCutOff' | 'loadingCall'>;
}) {
  const { db, voyages } = deps;

  /**
   * The sailing's deadlines (issue 26): a bill is submitted before the documentation cut-off (DCO) and its VGM
   * changed before the VGM cut-off (VCO) of its booking's voyage, unless staff accepted it late until a time.
   * 409 CUT_OFF_PASSED names the cut-off; a bill whose booking has no voyage has no deadline here.
   */
  async function checkCutOffs(bill: BillOfLading, body: UpdateBillOfLadingBody) {
    if (bill.bookingId === null) return;
    const sailing = await findBillSailing(db, bill.id);
    if (!sailing) return;
    const call = await voyages.sailingFrom(db, sailing.voyageId, sailing.polId);
    // The late acceptances are read only when a cut-off has passed (the save is a hot path).
    let late: Map<string, Date> | undefined;
    const check = async (code: 'DCO' | 'VCO') => {
      try {
        voyages.assertBeforeCutOff(call, code);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'CUT_OFF_PASSED') throw error;
        late ??= await findLateAcceptances(db, bill.id);
        voyages.assertBeforeCutOff(call, code, new Date(), late.get(code));
      }
    };
    await check('DCO');
    const vgmBefore = new Map(bill.blContainerDetails.map((c) => [c.containerId, c.vgm]));
    const vgmChanged = body.blContainerDetails.some(
      (c) => Number(c.vgm) !== Number(vgmBefore.get(c.containerId) ?? Number.NaN),
    );
    if (vgmChanged) await check('VCO');
  }

  async function getVisibleBill(conn: Db | Tx, caller: Principal, id: number): Promise<BillOfLading> {
    const bill = await findBillById(conn, caller.scope, id);
    if (!bill) throw notFound('Bill of lading');
    return bill;
  }

  async function checkReferences(conn: Db | Tx, bill: BillOfLading, body: UpdateBillOfLadingBody) {
    const fields: Record<string, string> = {};
    const allocated = new Map(bill.blContainerDetails.map((c) => [c.containerId, c]));
    const sent = new Set<number>();
    body.blContainerDetails.forEach((row, i) => {
      if (row.blId !== bill.id) fields[`blContainerDetails.${i}.blId`] = 'must be this bill';
      if (!allocated.has(row.containerId))
        fields[`blContainerDetails.${i}.containerId`] = 'is not allocated to this bill';
      if (sent.has(row.containerId)) fields[`blContainerDetails.${i}.containerId`] = 'appears twice';
      sent.add(row.containerId);
    });
    // A VGM from the booking's SOLAS declaration (issue 26) is kept: it is changed on the VGM screen, not here.
    body.blContainerDetails.forEach((row, i) => {
      const declared = allocated.get(row.containerId);
      if (!declared?.vgmDeclared) return;
      if (round2(row.vgm) !== declared.vgm) fields[`blContainerDetails.${i}.vgm`] = VGM_DECLARED;
      if (row.vgmMethod !== declared.vgmMethod) fields[`blContainerDetails.${i}.vgmMethod`] = VGM_DECLARED;
    });
    if (sent.size !== allocated.size && !Object.keys(fields).length) {
      fields.blContainerDetails =
        'must list every container allocated to this bill (containers are allocated by the carrier)';
    }
    body.blCargoDetails.forEach((row, i) => {
      if (row.blId !== bill.id) fields[`blCargoDetails.${i}.blId`] = 'must be this bill';
    });
    const packageIds = [
      ...new Set([
        ...body.blContainerDetails.map((r) => r.packageTypeId),
        ...body.blCargoDetails.map((r) => r.packageTypeId),
      ]),
    ];
    const hsIds = [...new Set(body.blCargoDetails.map((r) => r.hsnCode))];
    const partyIds = [
      ...new Set(body.blNotifyPartyDetails.map((p) => p.partyId).filter((p): p is number => p !== null)),
    ];
    const known = await findKnownReferences(conn, { packageIds, hsIds, partyIds });
    const knownPackages = known.filter((row) => row.kind === 'package');
    const knownHs = known.filter((row) => row.kind === 'hs') as { id: number; code: string }[];
    const knownParties = known.filter((row) => row.kind === 'party');
    const has = (rows: { id: number }[], id: number) => rows.some((r) => r.id === id);
    body.blContainerDetails.forEach((row, i) => {
      if (!has(knownPackages, row.packageTypeId))
        fields[`blContainerDetails.${i}.packageTypeId`] = 'is not a known package type';
    });
    body.blCargoDetails.forEach((row, i) => {
      if (!has(knownPackages, row.packageTypeId))
        fields[`blCargoDetails.${i}.packageTypeId`] = 'is not a known package type';
      const hs = knownHs.find((h) => h.id === row.hsnCode);
      if (!hs) fields[`blCargoDetails.${i}.hsnCode`] = 'is not a known HS code';
      else if (!HS_COMMODITY_PATTERN.test(hs.code))
        fields[`blCargoDetails.${i}.hsnCode`] =
          `must be a 6-digit HS subheading or an 8-digit tariff line, not ${hs.code}`;
    });
    body.blNotifyPartyDetails.forEach((row, i) => {
      if (row.partyId !== null && !has(knownParties, row.partyId))
        fields[`blNotifyPartyDetails.${i}.partyId`] = 'is not a known, active company';
      if (row.partyId === null && !row.partyNameInBl)
        fields[`blNotifyPartyDetails.${i}.partyId`] = 'pick a company or give the name in BL';
    });
    if (Object.keys(fields).length) throw invalid(fields);
  }

  return {
    /** The list within the caller's scope; a customer asking for someone else's bills (created_by_id) gets none. */
    findBills(caller: Principal, query: BillOfLadingListQuery) {
      return findBills(db, query, caller.scope);
    },

    getBill(caller: Principal, id: number) {
      return getVisibleBill(db, caller, id);
    },

    /**
     * The bill's deadlines (issue 26): the DCO and VCO of its booking's voyage at the port of loading, in that port's
     * time zone, with the latest late acceptance of each; `sailing: null` when the booking is on no voyage.
     */
    async getDeadlines(caller: Principal, id: number): Promise<BillDeadlines> {
      // Three small reads, not the whole bill and voyage: bl_view asks for this beside the bill on its first load,
      // and its form waits for the answer (figure 7).
      const visible = await findVisibleBillSailing(db, caller.scope, id);
      if (!visible) throw notFound('Bill of lading');
      const { sailing } = visible;
      if (!sailing) return { sailing: null };
      const [call, late] = await Promise.all([
        voyages.loadingCall(sailing.voyageId, sailing.polId),
        findLateAcceptances(db, id),
      ]);
      if (!call) return { sailing: null };
      return {
        sailing: {
          voyageId: call.voyageId,
          vesselName: call.vesselName,
          carrierVoyageNumber: call.carrierVoyageNumber,
          port: call.port,
          etd: call.etd,
          departed: call.status === 'DEPARTED',
          deadlines: BILL_CUT_OFFS.map((cutOff) => ({
            cutOff,
            at: call.cutOffs.find((c) => c.code === cutOff)?.at ?? null,
            lateUntil: late.get(cutOff)?.toISOString() ?? null,
          })),
        },
      };
    },

    /**
     * A customer's save (specification sections 4–5): validated, read-only fields refused, totals recomputed here,
     * status 'UPDATE PENDING', everything in one transaction with a history record; based on the current version only.
     * With `keepUnchanged` (DCSA shipping instructions), a save that would store exactly what the bill holds, after
     * every check, writes nothing: no new version, no status change, no history row; the bill comes back as it is.
     */
    async updateBill(
      caller: Principal,
      id: number,
      body: UpdateBillOfLadingBody,
      ifMatch: string | undefined,
      options: { keepUnchanged?: boolean } = {},
    ): Promise<BillOfLading> {
      const expected = requireExpectedVersion(ifMatch, body.version);
      // Everything that only reads is done before the transaction, on the bill as the caller edited it: status,
      // version, read-only fields, references, totals. The transaction's first statement writes only if the bill is
      // still at that version (every change to a bill's content moves its version on), so what was checked is what
      // is overwritten, and reads the notify companies again under a share lock (their active flag does not move the
      // bill's version). The connection is held only for the writes.
      const bill = await getVisibleBill(db, caller, id);
      assertEditable(bill.status, bill.version, expected);
      const readOnly: Record<string, string> = {};
      for (const field of READ_ONLY_FIELDS) {
        if (field in body && !sameValue(body[field], bill[field]))
          readOnly[field] = 'is read-only and cannot be changed here';
      }
      if (Object.keys(readOnly).length) throw invalid(readOnly);
      await checkReferences(db, bill, body);
      await checkCutOffs(bill, body);
      const write = billWrite(bill, body);
      // The bill as read, at the version the caller sent (checked above); a save landing since is that save's alone.
      if (options.keepUnchanged && writesNothing(bill, write)) return bill;

      return db.transaction(async (tx) => {
        const partyIds = [
          ...new Set(body.blNotifyPartyDetails.map((p) => p.partyId).filter((p): p is number => p !== null)),
        ];
        const written = await writeBill(tx, id, write, { version: expected, scope: caller.scope, partyIds });
        if (!written.wrote) {
          // Nothing written: since it was read, the bill moved on, was locked, or left the caller's reach.
          const now = await lockBill(tx, id, caller.scope);
          if (!now) throw notFound('Bill of lading');
          assertEditable(now.status, now.version, expected);
          throw new AppError('PRECONDITION_FAILED', BL_MESSAGES.stale);
        }
        // A notify company deactivated since the checks: refused, and the transaction rolls the write back.
        const inactive: Record<string, string> = {};
        body.blNotifyPartyDetails.forEach((row, i) => {
          if (row.partyId !== null && !written.activePartyIds.includes(row.partyId))
            inactive[`blNotifyPartyDetails.${i}.partyId`] = 'is not a known, active company';
        });
        if (Object.keys(inactive).length) throw invalid(inactive);
        const after = await reloadBill(tx, id);
        await recordAuditAndPublish(
          tx,
          caller,
          {
            module: 'CP',
            recordType: BILL_RECORD,
            recordId: id,
            action: 'UPDATED',
            fromStatus: bill.status,
            toStatus: after.status,
            version: after.version,
            changes: diffContent(editableContent(bill), editableContent(after)),
          },
          {
            type: 'BL_SUBMITTED',
            recordType: BILL_RECORD,
            recordId: id,
            payload: { number: after.number, ownerId: after.createdById },
          },
        );
        return after;
      });
    },
  };
}

export type BillsOfLadingService = ReturnType<typeof createBillsOfLadingService>;
