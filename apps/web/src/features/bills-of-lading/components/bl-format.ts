/** dd/MM/YYYY (specification section 9) from an ISO date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : '—';
}

/** Kilograms shown in tonnes (the "Tare Weight (Tone)" column). */
export const kgToTonnes = (kg: number | null) => (kg === null ? '—' : (kg / 1000).toFixed(2));

/** A phone field keeps digits and one leading plus. */
export const phoneCharacters = (value: string) => value.replace(/(?!^\+)[^0-9]/g, '');
