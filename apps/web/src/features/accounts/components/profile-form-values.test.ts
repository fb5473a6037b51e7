import { describe, expect, it } from 'vitest';
import { numericPhone, phoneForCountry, validateProfileForm } from './profile-form-values';

const india = { id: 1, code: 'IN', alpha3: 'IND', name: 'India', callingCode: '91' };
const uae = { id: 2, code: 'AE', alpha3: 'ARE', name: 'United Arab Emirates', callingCode: '971' };
const party = {
  id: 9,
  code: 'DEMOEXP',
  externalId: null,
  name: 'Demo Exports',
  mobile: null,
  address: null,
  emailId: null,
};

describe('profile form', () => {
  it('requires a picked company and country, an address and a numeric phone', () => {
    expect(validateProfileForm({ company: null, country: null, address: ' ', phone: '' })).toEqual({
      company: 'Please pick a company from the list',
      country: 'Please pick a country from the list',
      address: 'Address is required',
      phone: 'Phone is required',
    });
    expect(
      validateProfileForm({ company: party, country: india, address: 'Mumbai', phone: '98abc' }).phone,
    ).toMatch(/digits/);
    expect(
      validateProfileForm({ company: party, country: india, address: 'Mumbai', phone: '+919820012345' }),
    ).toEqual({});
  });

  it('fills the calling code of the chosen country, keeping a number the user typed', () => {
    expect(phoneForCountry('', null, india)).toBe('+91');
    expect(phoneForCountry('+91', india, uae)).toBe('+971');
    expect(phoneForCountry('+919820012345', india, uae)).toBe('+919820012345');
  });

  it('keeps only digits and a leading plus', () => {
    expect(numericPhone('+91 98-200 abc 12345')).toBe('+919820012345');
    expect(numericPhone('98+76')).toBe('9876');
  });
});
