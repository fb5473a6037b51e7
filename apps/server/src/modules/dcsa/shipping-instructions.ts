import { isDeepStrictEqual } from 'node:util';
import type {
  BillOfLading,
  CargoSent,
  ContainerSent,
  NotifyPartySent,
  UpdateBillOfLadingBody,
} from '@lading/contract/bills-of-lading';
import {
  type CreateShippingInstructions,
  DCSA_PARTY_CODE_LIST,
  DCSA_PLACEHOLDER,
} from '@lading/contract/dcsa';

type Party = NonNullable<CreateShippingInstructions['documentParties']['notifyParties']>[number];
type Codes = { packages: Map<string, number>; hs: Map<string, number>; parties: Map<string, number> };

/** The codes a body names (package types, HS codes, our party codes), to be looked up in one query. */
export function codesOf(si: CreateShippingInstructions) {
  const items = si.consignmentItems;
  return {
    packageCodes: items.flatMap((item) =>
      item.cargoItems.flatMap((c) => (c.outerPackaging?.packageCode ? [c.outerPackaging.packageCode] : [])),
    ),
    hsCodes: items.flatMap((item) => item.HSCodes),
    partyCodes: (si.documentParties.notifyParties ?? []).flatMap((p) => ourPartyCodes(p)),
  };
}

const ourPartyCodes = (party: Party) =>
  (party.identifyingCodes ?? [])
    .filter(
      (c) =>
        c.codeListProvider === DCSA_PARTY_CODE_LIST.codeListProvider &&
        c.codeListName === DCSA_PARTY_CODE_LIST.codeListName,
    )
    .map((c) => c.partyCode);

const firstContact = (party: Party | undefined) => party?.partyContactDetails?.[0];
const blank = (value: string | undefined | null) => (value?.trim() ? value.trim() : null);

/** Where a field of the save's body came from in the shipping instructions, for messages that name JSON paths. */
export class SentPaths {
  private readonly paths = new Map<string, { path: string; label?: string }>();

  set(sentField: string, path: string, label?: string) {
    this.paths.set(sentField, { path, label });
  }

  /** `blContainerDetails.2.sealNo` -> `$.utilizedTransportEquipments[2].seals[0].number` (the nearest known). */
  resolve(sentField: string, message: string): [string, string] {
    const parts = sentField.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const hit = this.paths.get(parts.slice(0, n).join('.'));
      if (hit) return [hit.path, hit.label ? `${hit.label}: ${message}` : message];
    }
    return ['$', `${sentField}: ${message}`];
  }

  /** A field map of the save (sent-shape names) as JSON paths. */
  translate(fields: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, message] of Object.entries(fields)) {
      const [path, text] = this.resolve(field, message);
      out[path] ??= text;
    }
    return out;
  }
}

/** The BL save's word for a read-only field that differs (bills-of-lading.service.ts). */
export const READ_ONLY = 'is read-only and cannot be changed here';

/** What the export carries at the top that no save applies: the carrier's terms, counts and contact. */
const TOP_READ_ONLY = [
  'transportDocumentTypeCode',
  'isShippedOnBoardType',
  'freightPaymentTermCode',
  'isElectronic',
  'isToOrder',
  'numberOfCopiesWithCharges',
  'numberOfCopiesWithoutCharges',
  'numberOfOriginalsWithCharges',
  'numberOfOriginalsWithoutCharges',
  'invoicePayableAt',
  'partyContactDetails',
  'isCargoDeliveredInICS2Zone',
] as const;

/**
 * The values the instructions may send back but not change, as the BL save refuses its read-only fields: every
 * property our export carries that the import does not apply must be absent or exactly as exported (`baseline`),
 * else a 400 names it by JSON path. `transportDocumentReference` must be this bill's: any other reference — the
 * caller's other bill, another customer's, or none at all — gets the same answer, so it tells nothing about other
 * bills. A label derived from another value (a contact's name from the party's name, a package's description from
 * its code) is held only while that value is sent as exported. Properties our export never carries are not read.
 */
export function readOnlyProblems(
  si: CreateShippingInstructions,
  baseline: CreateShippingInstructions,
  bill: BillOfLading,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
  const sent = <T>(value: T | undefined): value is T => value !== undefined;

  if (sent(si.transportDocumentReference) && si.transportDocumentReference !== bill.number)
    errors['$.transportDocumentReference'] =
      `must be this bill's reference, ${bill.number}: instructions apply to the bill they are sent to`;
  for (const key of TOP_READ_ONLY)
    if (sent(si[key]) && !same(si[key], baseline[key])) errors[`$.${key}`] = READ_ONLY;

  // Parties: one contact each; shipper and consignee keep the company's codes, address and e-mail.
  const contacts = (party: Party, base: Party | undefined, path: string, companyEmail: boolean) => {
    const list = party.partyContactDetails ?? [];
    if (list.length > 1)
      errors[`${path}.partyContactDetails`] =
        'must hold one contact: the bill keeps one phone and e-mail per party';
    const contact = list[0];
    const baseContact = firstContact(base);
    if (!contact) return;
    if (companyEmail && sent(contact.email) && contact.email !== baseContact?.email)
      errors[`${path}.partyContactDetails[0].email`] = `${READ_ONLY}: it is the company's e-mail`;
    if (baseContact && base && party.partyName === base.partyName && contact.name !== baseContact.name)
      errors[`${path}.partyContactDetails[0].name`] = `${READ_ONLY}: it is the party's name (partyName)`;
  };
  for (const role of ['shipper', 'consignee'] as const) {
    const party = si.documentParties[role];
    const base = baseline.documentParties[role];
    if (!party) continue;
    const path = `$.documentParties.${role}`;
    for (const key of ['addressLines', 'identifyingCodes'] as const)
      if (sent(party[key]) && !same(party[key], base?.[key]))
        errors[`${path}.${key}`] = `${READ_ONLY}: it belongs to the company's record`;
    contacts(party, base, path, true);
  }
  (si.documentParties.notifyParties ?? []).forEach((party, i) => {
    contacts(
      party,
      baseline.documentParties.notifyParties?.[i],
      `$.documentParties.notifyParties[${i}]`,
      false,
    );
  });

  // Consignment items: the booking; a cargo item's package description is its package type's name.
  const unallocated = (reference: string | undefined) =>
    bill.blContainerDetails.length === 0 && reference === DCSA_PLACEHOLDER.equipmentReference;
  const booking = baseline.consignmentItems[0]?.carrierBookingReference;
  const baseCargo = new Map(
    baseline.consignmentItems.flatMap((item) =>
      item.cargoItems.map((c) => [c.equipmentReference, c] as const),
    ),
  );
  si.consignmentItems.forEach((item, i) => {
    if (item.carrierBookingReference !== booking)
      errors[`$.consignmentItems[${i}].carrierBookingReference`] = READ_ONLY;
    item.cargoItems.forEach((cargo, j) => {
      const path = `$.consignmentItems[${i}].cargoItems[${j}]`;
      const base = baseCargo.get(cargo.equipmentReference);
      if (unallocated(cargo.equipmentReference)) {
        if (!same(cargo, base)) errors[path] = 'cannot be given before a container is allocated to this bill';
        return;
      }
      const packaging = cargo.outerPackaging;
      const basePackaging = base?.outerPackaging;
      if (
        packaging &&
        basePackaging &&
        packaging.packageCode === basePackaging.packageCode &&
        packaging.description !== basePackaging.description
      )
        errors[`${path}.outerPackaging.description`] =
          `${READ_ONLY}: it is the name of the package type (packageCode)`;
    });
  });

  // Equipment: the container's size-type and tare are the carrier's; our seals are the shipper's (SHI).
  const stored = new Map(bill.blContainerDetails.map((c) => [c.containerNumber, c]));
  const baseEquipment = new Map(baseline.utilizedTransportEquipments.map((u) => [u.equipmentReference, u]));
  si.utilizedTransportEquipments.forEach((ute, k) => {
    const path = `$.utilizedTransportEquipments[${k}]`;
    const reference = ute.equipmentReference ?? ute.equipment?.equipmentReference;
    if (unallocated(reference)) {
      if (!same(ute.seals, baseEquipment.get(reference)?.seals))
        errors[`${path}.seals`] = 'cannot be given before a container is allocated to this bill';
      return;
    }
    const container = stored.get(reference ?? '');
    if (!container) return;
    const source = ute.seals[0]?.source;
    if (sent(source) && source !== baseEquipment.get(reference)?.seals[0]?.source)
      errors[`${path}.seals[0].source`] = READ_ONLY;
    const iso = ute.equipment?.ISOEquipmentCode;
    if (sent(iso) && iso !== container.containerIsoCode)
      errors[`${path}.equipment.ISOEquipmentCode`] = READ_ONLY;
    const tare = container.containerTareweight
      ? { value: container.containerTareweight, unit: 'KGM' }
      : undefined;
    const sentTare = ute.equipment?.tareWeight;
    if (sent(sentTare) && !same(sentTare, tare)) errors[`${path}.equipment.tareWeight`] = READ_ONLY;
  });
  return errors;
}

/**
 * Shipping instructions as the edit screen's save body for `bill`. A value sent back exactly as our export gave it
 * (`baseline`, the current bill's transport document as shipping instructions) keeps the stored value, so a round
 * trip changes nothing and placeholders never become data; every other value is taken from the instructions.
 * What DCSA shipping instructions do not carry (VGM and its method, each cargo row's commodity, package type and
 * package details) stays as stored. Read-only values that differ (`readOnlyProblems`) and every other problem come
 * back by JSON path, nothing is applied.
 */
export function toBillUpdate(
  si: CreateShippingInstructions,
  baseline: CreateShippingInstructions,
  bill: BillOfLading,
  codes: Codes,
): { body: UpdateBillOfLadingBody; errors: Record<string, string>; paths: SentPaths } {
  const errors: Record<string, string> = readOnlyProblems(si, baseline, bill);
  const paths = new SentPaths();
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
  const parties = si.documentParties;
  const baseParties = baseline.documentParties;

  // Shipper and consignee: the name in BL and the phone.
  const partyFields = (role: 'shipper' | 'consignee') => {
    const party = parties[role];
    const base = baseParties[role];
    const storedName = role === 'shipper' ? bill.shipperNameInBl : bill.consigneeNameInBl;
    const storedPhone = role === 'shipper' ? bill.shipperPhoneNo : bill.consigneePhoneNo;
    const path = `$.documentParties.${role}`;
    paths.set(`${role}NameInBl`, `${path}.partyName`);
    paths.set(`${role}PhoneNo`, `${path}.partyContactDetails[0].phone`);
    // Unchanged, the name is what the edit screen pre-fills: the name in BL, else the company's name.
    const name =
      !party || same(party.partyName, base?.partyName) ? (storedName ?? base?.partyName) : party.partyName;
    const phone = firstContact(party)?.phone;
    return {
      name: name ?? '',
      phone: phone === undefined || same(phone, firstContact(base)?.phone) ? (storedPhone ?? '') : phone,
    };
  };
  const shipper = partyFields('shipper');
  const consignee = partyFields('consignee');

  // Goods description and marks, over all consignment items.
  const allLines = (value: CreateShippingInstructions, key: 'descriptionOfGoods' | 'shippingMarks') =>
    value.consignmentItems.flatMap((item) => item[key] ?? []);
  paths.set('description', '$.consignmentItems[0].descriptionOfGoods');
  paths.set('marksAndNos', '$.consignmentItems[0].shippingMarks');
  const description = same(allLines(si, 'descriptionOfGoods'), allLines(baseline, 'descriptionOfGoods'))
    ? (bill.description ?? '')
    : allLines(si, 'descriptionOfGoods').join('\n');
  const marksAndNos = same(allLines(si, 'shippingMarks'), allLines(baseline, 'shippingMarks'))
    ? (bill.marksAndNos ?? '')
    : allLines(si, 'shippingMarks').join('\n');

  // Notify parties, in order.
  paths.set('blNotifyPartyDetails', '$.documentParties.notifyParties');
  const notify: NotifyPartySent[] = (parties.notifyParties ?? []).map((party, i) => {
    const path = `$.documentParties.notifyParties[${i}]`;
    const base = baseParties.notifyParties?.[i];
    const stored = bill.blNotifyPartyDetails[i];
    paths.set(`blNotifyPartyDetails.${i}.partyId`, `${path}.identifyingCodes`);
    paths.set(`blNotifyPartyDetails.${i}.partyNameInBl`, `${path}.partyName`);
    paths.set(`blNotifyPartyDetails.${i}.address`, `${path}.addressLines`);
    paths.set(`blNotifyPartyDetails.${i}.mobile`, `${path}.partyContactDetails[0].phone`);
    paths.set(`blNotifyPartyDetails.${i}.email`, `${path}.partyContactDetails[0].email`);
    const keep = <T>(siValue: unknown, baseValue: unknown, storedValue: T | undefined, fresh: T): T =>
      stored && base && same(siValue, baseValue) ? (storedValue as T) : fresh;
    const ours = ourPartyCodes(party);
    let partyId: number | null = null;
    if (ours.length > 1) errors[`${path}.identifyingCodes`] = 'must name at most one of our party codes';
    else if (ours.length === 1) {
      partyId = codes.parties.get(ours[0]!) ?? null;
      if (partyId === null) errors[`${path}.identifyingCodes`] = `${ours[0]} is not a known, active company`;
    }
    const contact = firstContact(party);
    const baseContact = firstContact(base);
    return {
      partyId: keep(party.identifyingCodes, base?.identifyingCodes, stored?.party ?? null, partyId),
      isNonParty: false,
      nonParty: '',
      partyNameInBl: keep(party.partyName, base?.partyName, stored?.partyNameInBl ?? null, party.partyName),
      address: keep(
        party.addressLines,
        base?.addressLines,
        stored?.address ?? null,
        blank(party.addressLines?.join('\n')),
      ),
      mobile: keep(contact?.phone, baseContact?.phone, stored?.mobile ?? null, blank(contact?.phone)),
      email: keep(contact?.email, baseContact?.email, stored?.email ?? null, blank(contact?.email)),
    };
  });

  // Containers: equipment (seal) and its cargo item (packages, package type, weight, volume).
  paths.set('blContainerDetails', '$.utilizedTransportEquipments');
  const byNumber = new Map(bill.blContainerDetails.map((c) => [c.containerNumber, c]));
  const cargoByReference = new Map<string, { item: number; cargo: number }>();
  // The export's stand-in for a bill without containers, sent back: no equipment to apply.
  const unallocated = (reference: string | undefined) =>
    bill.blContainerDetails.length === 0 && reference === DCSA_PLACEHOLDER.equipmentReference;
  for (const [i, item] of si.consignmentItems.entries()) {
    for (const [j, cargo] of item.cargoItems.entries()) {
      if (unallocated(cargo.equipmentReference)) continue;
      const path = `$.consignmentItems[${i}].cargoItems[${j}].equipmentReference`;
      if (!byNumber.has(cargo.equipmentReference)) errors[path] = 'is not a container allocated to this bill';
      else if (cargoByReference.has(cargo.equipmentReference))
        errors[path] = 'appears in a second cargo item: the bill holds one load per container';
      else cargoByReference.set(cargo.equipmentReference, { item: i, cargo: j });
    }
  }
  const baseCargo = new Map(
    baseline.consignmentItems.flatMap((item) =>
      item.cargoItems.map((c) => [c.equipmentReference, c] as const),
    ),
  );
  const baseSeals = new Map(baseline.utilizedTransportEquipments.map((u) => [u.equipmentReference, u.seals]));
  const containers: ContainerSent[] = [];
  si.utilizedTransportEquipments.forEach((ute, k) => {
    const path = `$.utilizedTransportEquipments[${k}]`;
    const reference = ute.equipmentReference ?? ute.equipment?.equipmentReference ?? '';
    if (unallocated(reference)) return;
    const stored = byNumber.get(reference);
    if (ute.isShipperOwned) {
      errors[`${path}.isShipperOwned`] = 'must be false: containers are allocated by the carrier';
      return;
    }
    if (!stored) {
      errors[`${path}.equipmentReference`] = 'is not a container allocated to this bill';
      return;
    }
    if (ute.seals.length > 1)
      errors[`${path}.seals`] = 'must hold one seal: the bill has one seal number per container';
    const row = containers.length;
    paths.set(`blContainerDetails.${row}`, path);
    paths.set(`blContainerDetails.${row}.containerId`, `${path}.equipmentReference`);
    paths.set(`blContainerDetails.${row}.sealNo`, `${path}.seals[0].number`);
    paths.set(`blContainerDetails.${row}.vgm`, path, 'VGM (not carried by DCSA shipping instructions)');
    paths.set(
      `blContainerDetails.${row}.vgmMethod`,
      path,
      'VGM method (not carried by DCSA shipping instructions)',
    );
    const seal = same(ute.seals, baseSeals.get(reference)) ? stored.sealNo : blank(ute.seals[0]?.number);

    const at = cargoByReference.get(reference);
    const cargo = at ? si.consignmentItems[at.item]!.cargoItems[at.cargo]! : undefined;
    const base = baseCargo.get(reference);
    let { noOfPacks, packageTypeId, grossWeight, measurement } = stored;
    if (cargo && at) {
      const cargoPath = `$.consignmentItems[${at.item}].cargoItems[${at.cargo}]`;
      paths.set(`blContainerDetails.${row}.grossWeight`, `${cargoPath}.cargoGrossWeight.value`);
      paths.set(`blContainerDetails.${row}.measurement`, `${cargoPath}.cargoGrossVolume.value`);
      paths.set(`blContainerDetails.${row}.noOfPacks`, `${cargoPath}.outerPackaging.numberOfPackages`);
      paths.set(`blContainerDetails.${row}.packageTypeId`, `${cargoPath}.outerPackaging.packageCode`);
      if (!same(cargo.cargoGrossWeight, base?.cargoGrossWeight)) {
        if (cargo.cargoGrossWeight.unit !== 'KGM')
          errors[`${cargoPath}.cargoGrossWeight.unit`] = 'must be KGM';
        grossWeight = cargo.cargoGrossWeight.value;
      }
      if (cargo.cargoGrossVolume && !same(cargo.cargoGrossVolume, base?.cargoGrossVolume)) {
        if (cargo.cargoGrossVolume.unit !== 'MTQ')
          errors[`${cargoPath}.cargoGrossVolume.unit`] = 'must be MTQ';
        measurement = cargo.cargoGrossVolume.value;
      }
      const packaging = cargo.outerPackaging;
      const basePackaging = base?.outerPackaging;
      if (packaging && packaging.numberOfPackages !== basePackaging?.numberOfPackages)
        noOfPacks = packaging.numberOfPackages;
      if (packaging?.packageCode && packaging.packageCode !== basePackaging?.packageCode) {
        const id = codes.packages.get(packaging.packageCode);
        if (id === undefined)
          errors[`${cargoPath}.outerPackaging.packageCode`] =
            'is not a UN/ECE Recommendation 21 package type we know';
        else packageTypeId = id;
      }
    }
    containers.push({
      blId: bill.id,
      containerId: stored.containerId,
      sealNo: seal,
      noOfPacks: noOfPacks as number,
      packageTypeId: packageTypeId as number,
      grossWeight: grossWeight as number,
      measurement: measurement as number,
      vgm: stored.vgm as number,
      vgmMethod: stored.vgmMethod as ContainerSent['vgmMethod'],
    });
  });

  // Cargo rows: one per HS code, in order; the rest of each row stays as stored.
  paths.set('blCargoDetails', '$.consignmentItems');
  const hsPaths = si.consignmentItems.flatMap((item, i) =>
    item.HSCodes.map((code, h) => ({ code, path: `$.consignmentItems[${i}].HSCodes[${h}]` })),
  );
  const baseHs = baseline.consignmentItems.flatMap((item) => item.HSCodes);
  const storedRows: CargoSent[] = bill.blCargoDetails.map((c) => ({
    blId: bill.id,
    hsnCode: c.hsnCode as number,
    commodity: c.commodity ?? '',
    packageTypeId: c.packageType as number,
    packageDetails: c.packageDetails ?? '',
  }));
  let cargoRows = storedRows;
  if (
    !same(
      hsPaths.map((h) => h.code),
      baseHs,
    )
  ) {
    cargoRows = [];
    hsPaths.forEach(({ code, path }, i) => {
      const id = codes.hs.get(code);
      if (id === undefined) errors[path] = 'is not an HS code we know';
      else if (!storedRows[i])
        errors[path] =
          'has no cargo row to go with: add the commodity, package type and package details on the bill first';
      else cargoRows.push({ ...storedRows[i]!, hsnCode: id });
    });
  }
  cargoRows.forEach((_, i) => {
    paths.set(`blCargoDetails.${i}`, hsPaths[i]?.path ?? '$.consignmentItems');
  });

  return {
    body: {
      version: bill.version,
      shipperNameInBl: shipper.name,
      shipperPhoneNo: shipper.phone,
      consigneeNameInBl: consignee.name,
      consigneePhoneNo: consignee.phone,
      description,
      marksAndNos,
      blNotifyPartyDetails: notify,
      blContainerDetails: containers,
      blCargoDetails: cargoRows,
    },
    errors,
    paths,
  };
}
