import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mappedBodyResolver } from './mapped-body-resolver';

// A form that holds a picked record and decimal text, sent as an id and a number.
type Form = { port: { id: number; name: string } | null; lines: { amount: string }[]; note: string };
const BodySchema = z.object({
  portId: z.number({ error: 'Please pick a port' }),
  lines: z.array(z.object({ amount: z.number({ error: 'is required' }).min(1, 'must be 1 or more') })),
  internal: z.string({ error: 'no cell shows this' }),
});

const toBody = (form: Form) => ({
  portId: form.port?.id,
  lines: form.lines.map((line) => ({ amount: line.amount === '' ? undefined : Number(line.amount) })),
});
const toField = (bodyPath: string) => {
  if (bodyPath === 'portId') return 'port';
  if (/^lines\.\d+\.amount$/.test(bodyPath)) return bodyPath;
  return null;
};

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Form>;
const form = (overrides: Partial<Form> = {}): Form => ({
  port: { id: 4, name: 'Nhava Sheva' },
  lines: [{ amount: '2' }],
  note: '',
  ...overrides,
});

describe('mappedBodyResolver', () => {
  it('gives the parsed body as the values when the schema passes', async () => {
    const resolver = mappedBodyResolver(BodySchema.omit({ internal: true }), { toBody, toField });
    const result = await resolver(form(), undefined, options);
    expect(result).toEqual({ values: { portId: 4, lines: [{ amount: 2 }] }, errors: {} });
  });

  it("puts each of the body's messages on the cell that holds the value and drops those no cell shows", async () => {
    const resolver = mappedBodyResolver(BodySchema, { toBody, toField });
    const result = await resolver(
      form({ port: null, lines: [{ amount: '2' }, { amount: '' }] }),
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      port: expect.objectContaining({ message: 'Please pick a port' }),
      lines: [undefined, { amount: expect.objectContaining({ message: 'is required' }) }],
    });
  });

  it('words the messages for their cells when asked to', async () => {
    const resolver = mappedBodyResolver(BodySchema.omit({ internal: true }), {
      toBody,
      toField,
      toMessage: (field, message) => (field.endsWith('amount') ? `Amount ${message}` : message),
    });
    const result = await resolver(form({ port: null, lines: [{ amount: '0' }] }), undefined, options);
    expect(result.errors).toEqual({
      port: expect.objectContaining({ message: 'Please pick a port' }),
      lines: [{ amount: expect.objectContaining({ message: 'Amount must be 1 or more' }) }],
    });
  });
});
