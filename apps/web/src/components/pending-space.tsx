/**
 * Holds the footer below the fold while a screen's first data is on its way: without it the footer paints at the
 * bottom of the screen and the rows then push it down (a layout shift, Lighthouse's CLS). Render it after the
 * skeleton, while the query is pending.
 */
export function PendingSpace() {
  return <div aria-hidden="true" style={{ minHeight: '100dvh' }} />;
}
