const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money as the API sends it (a decimal string, "2885.00") shown with its currency ("US$2,885.00" in en-IN, "$2,885.00"
 * in en-US). The string goes to Intl.NumberFormat as it is: formatting a numeric string is exact (no binary float
 * on the way), and amounts are never added up here. An amount without a currency shows as a plain number.
 */
export function formatMoney(
  amount: string | null | undefined,
  currency: string | null | undefined,
  locale?: string,
) {
  if (amount === null || amount === undefined || amount === '') return '—';
  const key = `${locale ?? ''}|${currency ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' })
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  return format.format(amount as Intl.StringNumericLiteral);
}
