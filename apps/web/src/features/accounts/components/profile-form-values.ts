import { PHONE_PATTERN } from '@lading/contract/accounts';
import type { Country, Party } from '@lading/contract/reference-data';

export type ProfileFormValues = {
  company: Party | null;
  address: string;
  country: Country | null;
  phone: string;
};

/** The modal's rules (specification section 5): company and country picked from results, address and phone required, phone numeric. */
export function validateProfileForm(
  values: ProfileFormValues,
): Partial<Record<keyof ProfileFormValues, string>> {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  if (!values.company) errors.company = 'Please pick a company from the list';
  if (!values.country) errors.country = 'Please pick a country from the list';
  if (values.address.trim() === '') errors.address = 'Address is required';
  if (values.phone.trim() === '') errors.phone = 'Phone is required';
  else if (!PHONE_PATTERN.test(values.phone.trim()))
    errors.phone = 'Phone must be 6 to 15 digits, optionally starting with +';
  return errors;
}

/**
 * Choosing a country fills the phone with its calling code: an empty phone, or one that holds only the previous
 * country's code, becomes "+<code>"; a number the user typed is kept.
 */
export function phoneForCountry(
  currentPhone: string,
  previous: Country | null,
  next: Country | null,
): string {
  if (!next?.callingCode) return currentPhone;
  const trimmed = currentPhone.trim();
  const previousPrefix = previous?.callingCode ? `+${previous.callingCode}` : null;
  if (trimmed === '' || trimmed === '+' || trimmed === previousPrefix) return `+${next.callingCode}`;
  return currentPhone;
}

/** Keeps only what a phone number may hold: digits and one leading plus. */
export const numericPhone = (value: string) => value.replace(/(?!^\+)[^0-9]/g, '').slice(0, 16);
