/** dd/MM/YYYY (specification section 9) from an ISO date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : '—';
}

/** dd/MM/YYYY HH:mm in the user's time zone (specification section 9 date format, plus the time). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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
