import { CompanyRequestBodySchema } from '@lading/contract/companies';
import { describe, expect, it } from 'vitest';
import { zodResolver } from './zod-resolver';

const resolve = (values: Record<string, string>) =>
  zodResolver(CompanyRequestBodySchema)(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('zodResolver over a contract schema', () => {
  it('hands on the parsed (trimmed) values when they are valid', async () => {
    const result = await resolve({
      name: ' Acme Shipping ',
      address: 'Dock 4',
      country: 'India',
      taxId: 'AB-123',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Acme Shipping',
      address: 'Dock 4',
      country: 'India',
      taxId: 'AB-123',
    });
  });

  it("gives each invalid field the schema's message", async () => {
    const result = await resolve({ name: '', address: ' ', country: '', taxId: '$$$' });
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe('Company name is required');
    expect(result.errors.address?.message).toBe('Address is required');
    expect(result.errors.country?.message).toBe('Please pick a country from the list');
    expect(result.errors.taxId?.message).toBeTypeOf('string');
  });
});
