import { PHONE_PATTERN } from '@lading/contract/accounts';
import { describe, expect, it } from 'vitest';
import { phoneInput } from './phone-input';

describe('the profile phone field keeps the calling code’s plus (issue 28 item 11)', () => {
  it('keeps the plus when digits are typed in front of it', () => {
    // "+91" filled in by the country, the caret at the field's start, "98" typed.
    expect(phoneInput('98+91')).toBe('+9891');
  });

  it('keeps the plus of a pasted number with a leading space or words in front', () => {
    expect(phoneInput(' +91 98200 12345')).toBe('+919820012345');
    expect(phoneInput('Tel: +971 50 123-4567')).toBe('+971501234567');
  });

  it('keeps digits and one plus, as before', () => {
    expect(phoneInput('+971')).toBe('+971');
    expect(phoneInput('+971 50 123-4567')).toBe('+971501234567');
    expect(phoneInput('022 6600 1100')).toBe('02266001100');
    expect(phoneInput('++91')).toBe('+91');
    expect(phoneInput('')).toBe('');
  });

  it('holds at most 15 digits, so what it sends is what the server accepts', () => {
    const long = phoneInput('+49 1511 2345 6789 0123');
    expect(long).toBe('+491511234567890');
    expect(PHONE_PATTERN.test(long)).toBe(true);
    expect(PHONE_PATTERN.test(phoneInput('0049151123456789012'))).toBe(true);
  });
});
