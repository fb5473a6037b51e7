import ContainerValidator from 'container-validator';
import { describe, expect, it } from 'vitest';
import {
  type BillOfLading,
  computeBillTotals,
  diffContent,
  isValidContainerNumber,
  isVgmOffExpected,
  packageCountMismatch,
  prefillBillForm,
  toUpdatePayload,
  withCheckDigit,
} from './bills-of-lading';

const base = {
  id: 7,
  version: 3,
  shipperName: 'Demo Exports Pvt Ltd',
  shipperNameInBl: null,
  shipperPhoneNo: '+912266001100',
  consigneeName: 'Gulf Imports FZE',
  consigneeNameInBl: 'GULF IMPORTS FZE, JAFZA',
  consigneePhoneNo: '+97148830400',
  description: 'Garments',
  marksAndNos: 'N/M',
  blNotifyPartyDetails: [],
  blContainerDetails: [
    {
      containerId: 1,
      containerNumber: 'TEXU3070079',
      containerNickname: '40HC',
      containerIsoCode: '45G1',
      containerTareweight: 3900,
      sealNo: 'S1',
      noOfPacks: 10,
      grossWeight: 1000.5,
      measurement: 10.25,
      vgm: 4900.5,
      vgmMethod: 'Method 1',
      packageTypeId: 5,
      packageTypeName: 'Carton',
      grossWeightUnitId: 'KG',
    },
  ],
  blCargoDetails: [],
} as unknown as BillOfLading;

describe('save computations (specification section 5)', () => {
  it('rounds each row first, then sums: totals always equal the sum of the stored rows (item 2)', () => {
    const four = (weight: number | string) =>
      Array.from({ length: 4 }, () => ({ cargoGrossWeight: weight, tareWeight: 2200, measurement: weight }));
    // Stored rows are 0.01 each (sum 0.04), not round2(4 x 0.005) = 0.02.
    expect(computeBillTotals(four(0.005))).toEqual({
      netWeight: 0.04,
      grossWeight: 8800.04,
      measurement: 0.04,
    });
    // Rows of 1000.33 sum to 4001.32, not round2(4001.336) = 4001.34.
    expect(computeBillTotals(four('1000.334'))).toEqual({
      netWeight: 4001.32,
      grossWeight: 12801.32,
      measurement: 4001.32,
    });
    expect(computeBillTotals(four('12345.675')).netWeight).toBe(49382.72);
  });

  it('net = sum of cargo gross; gross = cargo gross + tare; measurement = sum', () => {
    expect(
      computeBillTotals([
        { cargoGrossWeight: '1000.111', tareWeight: 2200, measurement: '10.004' },
        { cargoGrossWeight: 500, tareWeight: 3900, measurement: 20 },
        { cargoGrossWeight: '', tareWeight: 2200, measurement: null },
      ]),
    ).toEqual({ netWeight: 1500.11, grossWeight: 9800.11, measurement: 30 });
  });
});

describe('pre-fill (specification section 4)', () => {
  it('defaults names to the name in BL, else the party name; no notify parties leaves the box unticked', () => {
    const form = prefillBillForm(base);
    expect(form.shipperNameInBl).toBe('Demo Exports Pvt Ltd');
    expect(form.consigneeNameInBl).toBe('GULF IMPORTS FZE, JAFZA');
    expect(form.haveNotifyParty).toBe(false);
  });

  it('adds one empty cargo row when there are none', () => {
    expect(prefillBillForm(base).cargoDetails).toEqual([
      { commodity: '', hsnCode: null, hsnCodeValue: '', packageType: null, packageDetails: '' },
    ]);
  });

  it('ticks Add Notify Party when the bill has notify parties', () => {
    const form = prefillBillForm({
      ...base,
      blNotifyPartyDetails: [
        {
          party: 4,
          partyName: 'Rotterdam Distribution BV',
          partyNameInBl: 'RDB',
          mobile: '+31',
          address: 'Waalhaven',
          email: 'a@b.c',
        },
      ],
    });
    expect(form.haveNotifyParty).toBe(true);
    expect(form.notifyParty1).toEqual({
      party: { id: 4, name: 'Rotterdam Distribution BV' },
      name: 'RDB',
      email: 'a@b.c',
      phone: '+31',
      address: 'Waalhaven',
    });
    expect(form.notifyParty2.party).toBeNull();
  });
});

describe('the sent payload', () => {
  it('carries the version, UPDATE PENDING, computed totals and the sent shapes', () => {
    const form = prefillBillForm(base);
    form.cargoDetails = [
      {
        commodity: 'Trousers',
        hsnCode: 12,
        hsnCodeValue: '620342',
        packageType: 5,
        packageDetails: '10 cartons',
      },
    ];
    const body = toUpdatePayload(base, form);
    expect(body).toMatchObject({
      version: 3,
      status: 'UPDATE PENDING',
      netWeight: 1000.5,
      grossWeight: 4900.5,
      measurement: 10.25,
      isNotifyPartyChanged: false,
      isNotifyPartyAdded: false,
      blNotifyPartyDetails: [],
    });
    expect(body.blContainerDetails[0]).toEqual({
      blId: 7,
      containerId: 1,
      sealNo: 'S1',
      noOfPacks: 10,
      packageTypeId: 5,
      netWeight: 1000.5,
      netWeightUnit: 'KG',
      grossWeight: 1000.5,
      grossWeightUnit: 'KG',
      measurement: 10.25,
      vgm: 4900.5,
      vgmMethod: 'Method 1',
    });
    expect(body.blCargoDetails[0]).toEqual({
      blId: 7,
      hsnCode: 12,
      hsnCodeAddOn: null,
      commodity: 'Trousers',
      packageTypeId: 5,
      packageDetails: '10 cartons',
    });
  });

  it('sets isNotifyPartyChanged/Added when a notify party is chosen, and sends none when the box is unticked', () => {
    const form = prefillBillForm(base);
    form.haveNotifyParty = true;
    form.notifyParty1 = { party: { id: 4, name: 'RDB' }, name: 'RDB', email: '', phone: '', address: '' };
    const body = toUpdatePayload(base, form);
    expect(body.isNotifyPartyChanged).toBe(true);
    expect(body.isNotifyPartyAdded).toBe(true);
    expect(body.blNotifyPartyDetails).toEqual([
      {
        partyId: 4,
        isNonParty: false,
        nonParty: '',
        partyNameInBl: 'RDB',
        address: null,
        mobile: null,
        email: null,
      },
    ]);
    form.haveNotifyParty = false;
    expect(toUpdatePayload(base, form).blNotifyPartyDetails).toEqual([]);
  });
});

describe('warnings', () => {
  it('checks the ISO 6346 check digit', () => {
    expect(isValidContainerNumber('TEXU3070079')).toBe(true);
    expect(isValidContainerNumber('TEXU3070070')).toBe(false);
    expect(isValidContainerNumber(withCheckDigit('LDGU100001'))).toBe(true);
    expect(isValidContainerNumber(' csqu3054383 ')).toBe(true);
    expect(isValidContainerNumber('CSQA3054383')).toBe(false);
    expect(isValidContainerNumber('CSQU305438')).toBe(false);
    expect(() => withCheckDigit('CSQU30543')).toThrow();
  });

  it('agrees with the container-validator package (ISO 6346), which the contract no longer ships', () => {
    // Every letter in each place of the owner code and category (with serials that vary each digit), each with all
    // ten check digits: the same verdict, and the same digit computed.
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let checked = 0;
    for (let i = 0; i < 26 * 26; i++) {
      const owner = `${letters[i % 26]}${letters[Math.floor(i / 26)]}${letters[(i * 7) % 26]}`;
      const category = letters[(i * 11) % 26]!;
      const serial = String((i * 104_729) % 1_000_000).padStart(6, '0');
      const firstTen = `${owner}${category}${serial}`;
      for (let digit = 0; digit < 10; digit++) {
        const number = `${firstTen}${digit}`;
        expect(isValidContainerNumber(number), number).toBe(new ContainerValidator().isValid(number));
      }
      if ('UJZ'.includes(category)) {
        expect(withCheckDigit(firstTen)).toBe(
          `${firstTen}${new ContainerValidator().createCheckDigit(firstTen)}`,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('flags a VGM more than 5 % away from cargo gross + tare', () => {
    expect(isVgmOffExpected({ vgm: '4900', cargoGrossWeight: '1000', tareWeight: 3900 })).toBe(false);
    expect(isVgmOffExpected({ vgm: '5145', cargoGrossWeight: '1000', tareWeight: 3900 })).toBe(false);
    expect(isVgmOffExpected({ vgm: '5145.01', cargoGrossWeight: '1000', tareWeight: 3900 })).toBe(true);
    expect(isVgmOffExpected({ vgm: '', cargoGrossWeight: '1000', tareWeight: 3900 })).toBe(false);
  });

  it('compares container package counts with the counts in the cargo rows', () => {
    const containers = [{ numberOfPackage: 600 }, { numberOfPackage: 600 }] as never;
    expect(
      packageCountMismatch({ containers, cargoDetails: [{ packageDetails: '1200 cartons' }] as never }),
    ).toBeNull();
    expect(
      packageCountMismatch({ containers, cargoDetails: [{ packageDetails: '1,100 cartons' }] as never }),
    ).toEqual({ containers: 1200, cargo: 1100 });
    expect(
      packageCountMismatch({ containers, cargoDetails: [{ packageDetails: 'cartons' }] as never }),
    ).toBeNull();
  });
});

describe('diff', () => {
  it('lists changed fields with paths, including rows added or removed', () => {
    expect(diffContent({ a: 1, rows: [{ x: 1 }] }, { a: 2, rows: [{ x: 1 }, { x: 3 }] })).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'rows[2].x', before: null, after: 3 },
    ]);
  });
});
