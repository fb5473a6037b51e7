import { emptyCargoRow, emptyNotifyParty } from '@lading/contract/bills-of-lading';
import { describe, expect, it } from 'vitest';
import { formatDate, kgToTonnes, validateBillForm } from './bill-form-rules';

const valid = {
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
      cargoGrossWeight: 100,
      measurement: 1,
      vgm: 4000,
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

describe('BL edit rules', () => {
  it('accepts a complete form (seal no and notify parties are optional)', () =>
    expect(validateBillForm(valid)).toEqual({}));

  it('requires the six bill fields', () => {
    const errors = validateBillForm({
      ...valid,
      shipperNameInBl: '',
      shipperPhoneNumber: '',
      consigneeNameInBl: ' ',
      consigneePhoneNumber: '',
      descriptionOfGoods: '',
      marksAndNosL: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'consigneeNameInBl',
      'consigneePhoneNumber',
      'descriptionOfGoods',
      'marksAndNosL',
      'shipperNameInBl',
      'shipperPhoneNumber',
    ]);
  });

  it('requires the six container cells and the four cargo cells', () => {
    const errors = validateBillForm({
      ...valid,
      containers: [
        {
          ...valid.containers[0]!,
          packageType: null,
          numberOfPackage: null,
          cargoGrossWeight: null,
          measurement: null,
          vgm: null,
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
  });

  it('checks phone numbers and notify party e-mails that are given', () => {
    expect(validateBillForm({ ...valid, shipperPhoneNumber: 'abc' }).shipperPhoneNumber).toBe(
      'Enter a phone number',
    );
    const np = { ...emptyNotifyParty(), email: 'nope' };
    expect(
      validateBillForm({ ...valid, haveNotifyParty: true, notifyParty1: np })['notifyParty1.email'],
    ).toBeDefined();
    expect(validateBillForm({ ...valid, haveNotifyParty: false, notifyParty1: np })).toEqual({});
  });

  it('formats dates as dd/MM/YYYY and tare in tonnes', () => {
    expect(formatDate('2026-11-05')).toBe('05/11/2026');
    expect(formatDate(null)).toBe('—');
    expect(kgToTonnes(3900)).toBe('3.90');
  });
});
