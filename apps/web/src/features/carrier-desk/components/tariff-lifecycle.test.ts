import type { Tariff } from '@lading/contract/tariffs';
import { describe, expect, it } from 'vitest';
import { pricedFrom, SEA_TARIFF, tariffActions, tariffActionTexts, tariffStatus } from './tariff-lifecycle';

const tariff = (overrides: Partial<Tariff> = {}): Tariff => ({
  id: 7,
  pol: { id: 1, code: 'INNSA', name: 'Nhava Sheva' },
  pod: { id: 2, code: 'AEJEA', name: 'Jebel Ali' },
  isoCode: '22G1',
  validFrom: '2031-12-01',
  validTo: '2032-02-28',
  currency: 'USD',
  charges: [
    {
      code: 'OCEAN_FREIGHT',
      name: 'Ocean freight',
      basis: 'PER_CONTAINER',
      amount: '910.00',
      hazardousOnly: false,
    },
  ],
  active: true,
  quotationCount: 0,
  version: 1,
  updatedAt: '2026-11-23T00:00:00.000Z',
  ...overrides,
});

describe("a tariff's lifecycle on the carrier desk (issue 28 item 6)", () => {
  it('offers Deactivate on an active tariff and Reactivate on an inactive one; Delete only while nothing was priced from it', () => {
    expect(tariffActions(tariff())).toEqual(['deactivate', 'delete']);
    expect(tariffActions(tariff({ quotationCount: 2 }))).toEqual(['deactivate']);
    expect(tariffActions(tariff({ active: false }))).toEqual(['reactivate', 'delete']);
    expect(tariffActions(tariff({ active: false, quotationCount: 1 }))).toEqual(['reactivate']);
  });

  it('marks inactive tariffs and says why one cannot be deleted', () => {
    expect(tariffStatus(tariff()).status).toBe('Active');
    expect(tariffStatus(tariff({ active: false })).status).toBe('Inactive');
    expect(pricedFrom(tariff())).toBe('No quotation priced from it');
    expect(pricedFrom(tariff({ quotationCount: 1 }))).toBe('1 quotation priced from it');
    expect(pricedFrom(tariff({ quotationCount: 3 }))).toBe('3 quotations priced from it');
  });

  it('asks naming the tariff and what will happen, with a button naming the action, and a toast after', () => {
    expect(SEA_TARIFF.name(tariff())).toBe('INNSA → AEJEA 22G1, 01/12/2031 – 28/02/2032');
    const deactivate = tariffActionTexts(SEA_TARIFF, 'deactivate', tariff());
    expect(deactivate.title).toBe('Deactivate tariff INNSA → AEJEA 22G1, 01/12/2031 – 28/02/2032?');
    expect(deactivate.body).toMatch(/price no new rate enquiry/);
    expect(deactivate.confirmLabel).toBe('Deactivate tariff');
    expect(deactivate.done).toBe(
      'Tariff INNSA → AEJEA 22G1, 01/12/2031 – 28/02/2032 deactivated: it prices no new enquiry.',
    );
    const remove = tariffActionTexts(SEA_TARIFF, 'delete', tariff());
    expect(remove.confirmLabel).toBe('Delete tariff');
    expect(remove.body).toMatch(/cannot be brought back/);
    expect(remove.color).toBeDefined();
    expect(tariffActionTexts(SEA_TARIFF, 'reactivate', tariff({ active: false })).confirmLabel).toBe(
      'Reactivate tariff',
    );
    expect(SEA_TARIFF.buttonName('Delete', tariff())).toBe(
      'Delete tariff INNSA to AEJEA 22G1 from 2031-12-01',
    );
  });
});
