import { describe, expect, it } from 'vitest';
import {
  type BillOfLading,
  type BillOfLadingForm,
  BillOfLadingFormSchema,
  emptyCargoRow,
  emptyNotifyParty,
  formFieldOfSentField,
  prefillBillForm,
  toUpdatePayload,
} from './bills-of-lading';

const valid: BillOfLadingForm = {
  shipperNameInBl: 'Demo',
  shipperPhoneNumber: '+912266001100',
  consigneeNameInBl: 'Gulf',
  consigneePhoneNumber: '+97148830400',
  haveNotifyParty: false,
  notifyParty1: emptyNotifyParty(),
  notifyParty2: emptyNotifyParty(),
  containers: [
    {
      containerId: 1,
      containerNumber: 'TEXU3070079',
      containerType: '40HC',
      tareWeight: 3900,
      sealNumber: '',
      packageType: 5,
      numberOfPackage: 10,
      cargoGrossWeight: '100',
      measurement: '1',
      vgm: '4000',
      vgmMethod: 'Method 1',
    },
  ],
  cargoDetails: [
    {
      commodity: 'Trousers',
      hsnCode: 1,
      hsnCodeValue: '620342',
      packageType: 5,
      packageDetails: '10 cartons',
    },
  ],
  descriptionOfGoods: 'Garments',
  marksAndNosL: 'N/M',
};

/** Field path -> message, as react-hook-form receives them through zodResolver. */
function errorsOf(form: BillOfLadingForm): Record<string, string> {
  const result = BillOfLadingFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the BL edit form schema (one rule set, specification section 5)', () => {
  it('accepts a complete form (seal no and notify parties are optional)', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('requires the six bill fields', () => {
    const errors = errorsOf({
      ...valid,
      shipperNameInBl: '',
      shipperPhoneNumber: '',
      consigneeNameInBl: ' ',
      consigneePhoneNumber: '',
      descriptionOfGoods: '',
      marksAndNosL: '',
    });
    expect(errors).toEqual({
      consigneeNameInBl: 'Required',
      consigneePhoneNumber: 'Required',
      descriptionOfGoods: 'Required',
      marksAndNosL: 'Required',
      shipperNameInBl: 'Required',
      shipperPhoneNumber: 'Required',
    });
  });

  it('requires the six container cells and the four cargo cells', () => {
    const errors = errorsOf({
      ...valid,
      containers: [
        {
          ...valid.containers[0]!,
          packageType: null,
          numberOfPackage: null,
          cargoGrossWeight: '',
          measurement: ' ',
          vgm: '',
          vgmMethod: '',
        },
      ],
      cargoDetails: [emptyCargoRow()],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'cargoDetails.0.commodity',
      'cargoDetails.0.hsnCode',
      'cargoDetails.0.packageDetails',
      'cargoDetails.0.packageType',
      'containers.0.cargoGrossWeight',
      'containers.0.measurement',
      'containers.0.numberOfPackage',
      'containers.0.packageType',
      'containers.0.vgm',
      'containers.0.vgmMethod',
    ]);
    expect(new Set(Object.values(errors))).toEqual(new Set(['Required']));
  });

  it('checks typed amounts: a number, not negative, not beyond 1e9', () => {
    const withGross = (cargoGrossWeight: string) =>
      errorsOf({ ...valid, containers: [{ ...valid.containers[0]!, cargoGrossWeight }] })[
        'containers.0.cargoGrossWeight'
      ];
    expect(withGross('12,345.675')).toBeUndefined();
    expect(withGross('abc')).toBe('Enter a number');
    expect(withGross('-1')).toBe('Must be 0 or more');
    expect(withGross('1000000001')).toBe('Too large');
  });

  it('refuses a chapter-level HS code as a commodity (item 9)', () => {
    const errors = errorsOf({ ...valid, cargoDetails: [{ ...valid.cargoDetails[0]!, hsnCodeValue: '52' }] });
    expect(errors['cargoDetails.0.commodity']).toBe('Pick a commodity with a 6- or 8-digit HS code');
    expect(
      errorsOf({ ...valid, cargoDetails: [{ ...valid.cargoDetails[0]!, hsnCodeValue: '52010010' }] }),
    ).toEqual({});
  });

  it('checks phones, and notify party e-mails with the server’s own e-mail rule, only when the box is ticked', () => {
    expect(errorsOf({ ...valid, shipperPhoneNumber: 'abc' }).shipperPhoneNumber).toBe('Enter a phone number');
    const np = { ...emptyNotifyParty(), name: 'RDB', email: 'nope' };
    expect(errorsOf({ ...valid, haveNotifyParty: true, notifyParty1: np })).toEqual({
      'notifyParty1.email': 'Enter an e-mail address',
    });
    // The server's z.email() refuses what a loose /.+@.+\..+/ accepted.
    expect(
      errorsOf({ ...valid, haveNotifyParty: true, notifyParty1: { ...np, email: 'a..b@example.com' } }),
    ).toHaveProperty(['notifyParty1.email']);
    expect(errorsOf({ ...valid, haveNotifyParty: false, notifyParty1: np })).toEqual({});
    expect(
      errorsOf({ ...valid, haveNotifyParty: true, notifyParty1: { ...np, name: '', email: 'a@b.co' } }),
    ).toEqual({ 'notifyParty1.party': 'Pick a company or give the name in BL' });
  });
});

describe('server field errors on the form cells', () => {
  const form: BillOfLadingForm = {
    ...valid,
    haveNotifyParty: true,
    notifyParty1: emptyNotifyParty(),
    notifyParty2: { ...emptyNotifyParty(), name: 'Second only' },
  };
  it.each([
    ['shipperPhoneNo', 'shipperPhoneNumber'],
    ['description', 'descriptionOfGoods'],
    ['marksAndNos', 'marksAndNosL'],
    ['blContainerDetails.0.grossWeight', 'containers.0.cargoGrossWeight'],
    ['blContainerDetails.0.packageTypeId', 'containers.0.packageType'],
    ['blCargoDetails.0.hsnCode', 'cargoDetails.0.commodity'],
    ['blCargoDetails.0.packageDetails', 'cargoDetails.0.packageDetails'],
    // Only notify party 2 was sent, so the server's row 0 is the second block.
    ['blNotifyPartyDetails.0.email', 'notifyParty2.email'],
  ])('%s -> %s', (sent, field) => {
    expect(formFieldOfSentField(sent, form)).toBe(field);
  });
  it('has no cell for unknown or out-of-range fields', () => {
    expect(formFieldOfSentField('blContainerDetails.5.vgm', form)).toBeNull();
    expect(formFieldOfSentField('blNotifyPartyDetails.1.email', form)).toBeNull();
    expect(formFieldOfSentField('version', form)).toBeNull();
  });
});

describe('amounts from the screen to the payload', () => {
  it('keeps the decimal as typed in the form and sends it rounded half up (item 1)', () => {
    const bill = {
      id: 7,
      version: 1,
      blNotifyPartyDetails: [],
      blContainerDetails: [],
      blCargoDetails: [],
    } as unknown as BillOfLading;
    const body = toUpdatePayload(bill, {
      ...valid,
      containers: [
        {
          ...valid.containers[0]!,
          cargoGrossWeight: '12,345.675',
          measurement: '12345.678',
          vgm: '14555.555',
        },
      ],
    });
    expect(body.blContainerDetails[0]).toMatchObject({
      grossWeight: 12345.68,
      netWeight: 12345.68,
      measurement: 12345.68,
      vgm: 14555.56,
    });
    expect(body).toMatchObject({ netWeight: 12345.68, grossWeight: 16245.68, measurement: 12345.68 });
  });

  it('pre-fills stored amounts as 2-decimal text', () => {
    const form = prefillBillForm({
      id: 7,
      blNotifyPartyDetails: [],
      blCargoDetails: [],
      blContainerDetails: [
        {
          containerId: 1,
          containerNumber: 'X',
          containerNickname: '20GP',
          containerTareweight: 2200,
          sealNo: null,
          noOfPacks: null,
          grossWeight: 1000.5,
          measurement: null,
          vgm: 3200,
          vgmMethod: null,
          packageTypeId: null,
          packageTypeName: null,
          grossWeightUnitId: 'KG',
        },
      ],
    } as unknown as BillOfLading);
    expect(form.containers[0]).toMatchObject({
      cargoGrossWeight: '1000.50',
      measurement: '',
      vgm: '3200.00',
    });
  });
});
