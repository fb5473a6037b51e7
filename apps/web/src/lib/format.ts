// The one format every signed-in first load uses (the BL list's dates, bl_view's, the dashboard's). The others live
// in modules of their own (format-date-time.ts, format-money.ts), which only the screens that show them load: here
// they rode on every first load (0.2 KB brotli, issue 29).

/** dd/MM/YYYY (specification section 9) from an ISO date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${day}/${month}/${year}` : '—';
}
