import type { Charge } from '@lading/contract/quotations';
import { describe, expect, it } from 'vitest';
import {
  equipmentText,
  groupCharges,
  inlandOnRequestText,
  laneText,
  quotationActions,
} from './quotation-format';

const charge = (patch: Partial<Charge>): Charge => ({
  code: 'OFR',
  name: 'Ocean freight',
  basis: 'PER_CONTAINER',
  isoCode: '22G1',
  quantity: 2,
  unitAmount: '1200.00',
  amount: '2400.00',
  currency: 'USD',
  ...patch,
});

describe('groupCharges', () => {
  const charges = [
    charge({}),
    charge({ code: 'BAF', name: 'Bunker', unitAmount: '150.10', amount: '300.20' }),
    charge({ isoCode: '45G1', quantity: 1, unitAmount: '2100.00', amount: '2100.00' }),
    charge({
      code: 'DOC',
      name: 'Documentation',
      basis: 'PER_BL',
      isoCode: null,
      quantity: 1,
      unitAmount: '85.00',
      amount: '85.00',
    }),
  ];

  it('groups per size-type in order, per-bill charges last, with exact subtotals', () => {
    const groups = groupCharges(
      [charges[3]!, ...charges.slice(0, 3)],
      [
        { isoCode: '22G1', quantity: 2 },
        { isoCode: '45G1', quantity: 1 },
      ],
    );
    expect(groups.map((group) => group.isoCode)).toEqual(['22G1', '45G1', null]);
    expect(groups[0]).toMatchObject({ containers: 2, subtotal: '2700.20' });
    expect(groups[0]!.charges.map((c) => c.code)).toEqual(['OFR', 'BAF']);
    expect(groups[1]).toMatchObject({ containers: 1, subtotal: '2100.00' });
    expect(groups[2]).toMatchObject({ containers: 0, subtotal: '85.00' });
  });

  it('adds without floating-point error', () => {
    const tenths = Array.from({ length: 3 }, () => charge({ amount: '0.10' }));
    expect(groupCharges(tenths)[0]!.subtotal).toBe('0.30');
  });

  it('counts containers of a size-type over several equipment lines, and is empty for no charges', () => {
    const groups = groupCharges(
      [charge({})],
      [
        { isoCode: '22G1', quantity: 2 },
        { isoCode: '22G1', quantity: 3 },
      ],
    );
    expect(groups[0]!.containers).toBe(5);
    expect(groupCharges([])).toEqual([]);
  });
});

describe('quotation texts and actions', () => {
  it('writes equipment and lanes', () => {
    expect(
      equipmentText([
        { isoCode: '22G1', quantity: 2 },
        { isoCode: '45G1', quantity: 1 },
      ]),
    ).toBe('2 × 22G1, 1 × 45G1');
    expect(equipmentText([])).toBe('—');
    expect(laneText({ code: 'INNSA', name: 'Nhava Sheva' }, { code: 'AEJEA', name: 'Jebel Ali' })).toBe(
      'Nhava Sheva (INNSA) → Jebel Ali (AEJEA)',
    );
  });

  it('offers accept on a valid QUOTED one only, reject on QUOTED and REQUESTED', () => {
    const today = '2026-11-23';
    expect(quotationActions({ status: 'QUOTED', validUntil: '2026-11-30' }, today)).toEqual({
      canAccept: true,
      canReject: true,
    });
    expect(quotationActions({ status: 'QUOTED', validUntil: '2026-11-23' }, today).canAccept).toBe(true);
    expect(quotationActions({ status: 'QUOTED', validUntil: '2026-11-22' }, today)).toEqual({
      canAccept: false,
      canReject: false,
    });
    expect(quotationActions({ status: 'REQUESTED', validUntil: null }, today)).toEqual({
      canAccept: false,
      canReject: true,
    });
    expect(quotationActions({ status: 'ACCEPTED', validUntil: '2026-11-30' }, today)).toEqual({
      canAccept: false,
      canReject: false,
    });
  });
});

describe('inlandOnRequestText (issue 28 item 5)', () => {
  const rail = { kind: 'RAIL' as const, stationId: 9, stationCode: 'NDLS', stationName: 'New Delhi' };
  const door = { kind: 'DOOR' as const, address: 'Deira, Dubai', latitude: 25.27, longitude: 55.3 };
  it('names each leg on request and where it starts or ends', () => {
    expect(inlandOnRequestText({ inlandOnRequest: ['PICKUP'], pickup: rail, delivery: null })).toBe(
      'Inland haulage on request: the pick-up from New Delhi (NDLS) by rail.',
    );
    expect(
      inlandOnRequestText({ inlandOnRequest: ['PICKUP', 'DELIVERY'], pickup: rail, delivery: door }),
    ).toBe(
      'Inland haulage on request: the pick-up from New Delhi (NDLS) by rail and the delivery to the door at Deira, Dubai.',
    );
  });
  it('says nothing when every leg was priced', () => {
    expect(inlandOnRequestText({ inlandOnRequest: [], pickup: rail, delivery: door })).toBeNull();
  });
});
