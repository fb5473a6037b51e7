/** E.164 allows at most 15 digits; the contract's PHONE_PATTERN (which the server applies) says the same. */
const MAX_DIGITS = 15;

/**
 * What the profile's phone field keeps of what is typed or pasted: digits, and a plus in front once there is one
 * anywhere. The plus of the calling code the country fills in stays when digits are typed before it (a tap at the
 * field's start on a phone) or when a number is pasted as "Tel: +91 98200 12345" or with a leading space; digits
 * past the 15th are dropped, so the field never holds what the server refuses for its length.
 */
export function phoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_DIGITS);
  return value.includes('+') ? `+${digits}` : digits;
}
