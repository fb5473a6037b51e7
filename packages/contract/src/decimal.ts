/**
 * Exact decimal arithmetic for weights, measurements and VGM: values are handled as decimal text (what the user
 * typed, or the shortest text of a JSON number, which is what the sender wrote) and as whole hundredths in BigInt.
 * Never binary floating point: 12345.675 as a float is 12345.67499…, as typed it rounds to 12345.68.
 */

/** A plain decimal as a person types it: digits, an optional point and fraction, an optional leading minus. */
export const DECIMAL_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** The decimal text of a number or a typed value: thousands separators and spaces removed, exponents expanded. */
export function decimalText(value: number | string): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return expandExponent(String(value));
  }
  const text = value.trim().replaceAll(',', '').replaceAll(' ', '');
  if (DECIMAL_PATTERN.test(text)) return text;
  if (/^-?\d+(\.\d+)?e[+-]?\d+$/i.test(text)) return expandExponent(text);
  return null;
}

/** `1.5e-7` -> `0.00000015`, `2e21` -> `2000000000000000000000`: JavaScript prints small and huge numbers so. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponent] = match;
  const digits = `${whole}${fraction}`;
  const point = whole!.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * The value in units of 10^-scale, rounded half up (away from zero for negatives) on its decimal digits: only the
 * digit after the last kept one decides. Null for text that is not a decimal.
 */
export function toScaledInteger(value: number | string, scale = 2): bigint | null {
  const text = decimalText(value);
  if (text === null) return null;
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const kept = `${whole || '0'}${fraction.slice(0, scale).padEnd(scale, '0')}`;
  let units = BigInt(kept);
  if ((fraction[scale] ?? '0') >= '5') units += 1n;
  return negative ? -units : units;
}

/** Whole hundredths (or units of 10^-scale) as decimal text with exactly `scale` decimals: 1234568n -> "12345.68". */
export function scaledToText(units: bigint, scale = 2): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative && units !== 0n ? `-${text}` : text;
}

/** Rounds half up to `scale` decimals on the decimal as typed; "12345.675" -> "12345.68". Null when not a decimal. */
export function roundDecimalText(value: number | string, scale = 2): string | null {
  const units = toScaledInteger(value, scale);
  return units === null ? null : scaledToText(units, scale);
}

/** Weights, measurement and VGM are rounded to 2 decimals (specification section 5), half up on the decimal. */
export function round2(value: number): number {
  const units = toScaledInteger(value, 2);
  return units === null ? value : Number(scaledToText(units, 2));
}

/** The exact sum of values each rounded to 2 decimals first (so a total is always the sum of the stored rows). */
export function sumRounded2(values: readonly (number | string | null | undefined)[]): number {
  let total = 0n;
  for (const value of values) {
    if (value === null || value === undefined || value === '') continue;
    total += toScaledInteger(value, 2) ?? 0n;
  }
  return Number(scaledToText(total, 2));
}

/** An amount for people: rounded half up to 2 decimals on its decimal text, thousands grouped ("12,345.68"). */
export function formatAmount2(value: number | string): string {
  const text = roundDecimalText(value, 2);
  if (text === null) return String(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
