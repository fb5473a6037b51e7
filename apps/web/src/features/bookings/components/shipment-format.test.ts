import { describe, expect, it } from 'vitest';
import { actionText, actorText, changesText } from './shipment-format';

describe('the shipment log, as a reader says it', () => {
  it('names actions in words, the bill’s submission as the shipping instructions', () => {
    expect(actionText({ record: 'BOOKING', action: 'CONFIRMED' })).toBe('Confirmed');
    expect(actionText({ record: 'BILL_OF_LADING', action: 'UPDATED' })).toBe(
      'Shipping instructions submitted',
    );
    expect(actionText({ record: 'BOOKING', action: 'ROLLED_OVER' })).toBe('Moved to another sailing');
    expect(actionText({ record: 'BOOKING', action: 'VGM_DECLARED' })).toBe('VGM declared');
    expect(actionText({ record: 'BILL_OF_LADING', action: 'LATE_ACCEPTANCE_GRANTED' })).toBe(
      'Late acceptance granted',
    );
  });

  it('tells the customer "You" and "The carrier"; staff read the names the server sends them', () => {
    expect(actorText({ actor: 'CUSTOMER', actorName: 'Dev Customer' }, true)).toBe('You');
    expect(actorText({ actor: 'CARRIER', actorName: null }, true)).toBe('The carrier');
    expect(actorText({ actor: 'SYSTEM', actorName: null }, true)).toBe('System');
    expect(actorText({ actor: 'CUSTOMER', actorName: 'Dev Customer' }, false)).toBe(
      'Dev Customer (customer)',
    );
    expect(actorText({ actor: 'CARRIER', actorName: 'Asha Admin' }, false)).toBe('Asha Admin (carrier)');
  });

  it('shows a sailing’s move in full and other changes by field name', () => {
    expect(changesText({ changes: [] })).toBeNull();
    expect(
      changesText({
        changes: [
          { field: 'voyageId', before: 3, after: 4 },
          { field: 'sailing', before: 'LADING PRIDE 2611W', after: 'LADING GRACE 2612W' },
        ],
      }),
    ).toBe('LADING PRIDE 2611W → LADING GRACE 2612W');
    expect(
      changesText({
        changes: ['a', 'b', 'c', 'd', 'e'].map((field) => ({ field, before: null, after: '1' })),
      }),
    ).toBe('5 fields changed: a, b, c, d, …');
    expect(changesText({ changes: [{ field: 'sealNo', before: null, after: 'S1' }] })).toBe(
      '1 field changed: sealNo',
    );
  });
});
