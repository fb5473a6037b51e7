export { formatDate } from '../../../lib/format';

/** Kilograms shown in tonnes (the "Tare Weight (Tone)" column). */
export const kgToTonnes = (kg: number | null) => (kg === null ? '—' : (kg / 1000).toFixed(2));

/** A phone field keeps digits and one leading plus. */
export const phoneCharacters = (value: string) => value.replace(/(?!^\+)[^0-9]/g, '');
