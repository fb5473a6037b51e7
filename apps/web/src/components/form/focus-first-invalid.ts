/** The field around an invalid input: its label and message come into view with it. */
const FIELD_ROOT = '.mantine-InputWrapper-root';

const isShown = (element: HTMLElement) =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;

/**
 * After a failed Submit: the first invalid cell in reading order (the page's order, not react-hook-form's order of
 * registration, which puts a typeahead or a row added later out of place) takes the focus, and its field (label,
 * input, message) is scrolled into view only as far as needed. Where "in view" ends is CSS's: the fixed header and a
 * dialog's sticky title above (`scroll-margin-top` on fields, app/global.css), the bill form's sticky Clear / Submit
 * bar below (its `scroll-margin-bottom`) — a browser's own focus scrolling counts a field behind them as in view.
 * Forms using it set `shouldFocusError: false`. Runs after the render that marks the cells invalid.
 */
export function focusFirstInvalid(form: HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    const first = [...(form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [])].find(isShown);
    if (!first) return;
    first.focus({ preventScroll: true });
    (first.closest<HTMLElement>(FIELD_ROOT) ?? first).scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
}
