import { ConfirmBookingBodySchema } from '@lading/contract/bookings';
import { describe, expect, it } from 'vitest';
import {
  buildContainerRows,
  checkContainerNumber,
  confirmFormDefaults,
  toConfirmBody,
  toConfirmFormField,
  typedContainerNumber,
} from './confirm-form';

describe('buildContainerRows', () => {
  it('gives one empty row per booked container, per size-type, in the booking order', () => {
    const rows = buildContainerRows([
      { isoCode: '22G1', quantity: 2 },
      { isoCode: '45G1', quantity: 1 },
    ]);
    expect(rows.map((row) => row.isoCode)).toEqual(['22G1', '22G1', '45G1']);
    expect(rows.every((row) => row.containerNumber === '' && row.tareWeight === '')).toBe(true);
  });

  it('gives no rows for no equipment, and independent row objects', () => {
    expect(buildContainerRows([])).toEqual([]);
    const [first, second] = buildContainerRows([{ isoCode: '22G1', quantity: 2 }]);
    expect(first).not.toBe(second);
  });
});

describe('checkContainerNumber (live ISO 6346 message)', () => {
  it('says nothing for an empty cell and counts what is missing while typing', () => {
    expect(checkContainerNumber('').state).toBe('empty');
    expect(checkContainerNumber('CSQU30')).toMatchObject({
      state: 'incomplete',
      message: '5 more characters (4 letters, 7 digits)',
    });
    expect(checkContainerNumber('csqu305438').message).toBe('1 more character (4 letters, 7 digits)');
  });

  it('names a wrong shape and a wrong check digit apart', () => {
    expect(checkContainerNumber('CSQ13054383').state).toBe('bad-format');
    expect(checkContainerNumber('CSQU3054384').state).toBe('bad-check-digit');
    expect(checkContainerNumber('CSQU3054384').message).toMatch(/check digit/i);
  });

  it('accepts a correct number, in any case, with spaces around', () => {
    expect(checkContainerNumber(' csqu3054383 ')).toEqual({ state: 'valid', message: 'Check digit OK' });
  });

  it('keeps the check digit of a number written as on papers, with a space and a dash (issue 28)', () => {
    expect(typedContainerNumber('mscu 123456-6')).toBe('MSCU1234566');
    expect(typedContainerNumber('MSCU 123 456 – 6')).toBe('MSCU1234566');
    expect(checkContainerNumber('MSCU 123456-6')).toEqual({ state: 'valid', message: 'Check digit OK' });
    expect(checkContainerNumber('MSCU 123456-5').state).toBe('bad-check-digit');
  });
});

describe('toConfirmBody', () => {
  const form = {
    ...confirmFormDefaults([{ isoCode: '22G1', quantity: 1 }]),
    voyageId: 41,
  };

  it('builds a body the contract accepts (upper-cased number, tare as a number)', () => {
    const body = toConfirmBody({
      ...form,
      containers: [{ isoCode: '22G1', containerNumber: 'csqu3054383', tareWeight: '2,200.50' }],
    });
    expect(ConfirmBookingBodySchema.parse(body)).toEqual({
      voyageId: 41,
      containers: [{ containerNumber: 'CSQU3054383', isoCode: '22G1', tareWeight: 2200.5 }],
    });
  });

  it('sends a number written with a space and a dash as its 11 characters, which the contract accepts', () => {
    const body = toConfirmBody({
      ...form,
      containers: [{ isoCode: '22G1', containerNumber: 'MSCU 123456-6', tareWeight: '2200' }],
    });
    expect(ConfirmBookingBodySchema.parse(body).containers[0]?.containerNumber).toBe('MSCU1234566');
    // The server's own check (the same schema) drops them too, for any client.
    const raw = {
      voyageId: 41,
      containers: [{ isoCode: '22G1', containerNumber: 'mscu 123456-6', tareWeight: 2200 }],
    };
    expect(ConfirmBookingBodySchema.parse(raw).containers[0]?.containerNumber).toBe('MSCU1234566');
  });

  it('leaves empty cells and an unpicked sailing out, so the contract names them', () => {
    const result = ConfirmBookingBodySchema.safeParse(toConfirmBody({ ...form, voyageId: null }));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['voyageId', 'containers.0.containerNumber', 'containers.0.tareWeight']),
    );
  });
});

describe('toConfirmFormField', () => {
  it('puts the server 400 fields on the cells', () => {
    expect(toConfirmFormField('containers.0.containerNumber')).toBe('containers.0.containerNumber');
    expect(toConfirmFormField('containers.2.tareWeight')).toBe('containers.2.tareWeight');
    expect(toConfirmFormField('containers.1.isoCode')).toBe('containers.1.containerNumber');
    expect(toConfirmFormField('containers')).toBe('containers.root');
    expect(toConfirmFormField('voyageId')).toBe('voyageId');
    expect(toConfirmFormField('somethingElse')).toBeNull();
  });
});
