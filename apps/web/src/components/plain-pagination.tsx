import classes from './plain-pagination.module.css';

/**
 * The pages to show, as Mantine's usePagination lays them out (one boundary page each side; `dots` for a gap): with
 * `siblings` pages each side of the active one, always seven slots (five with no siblings) once there are more pages.
 */
export function paginationRange(total: number, active: number, siblings: number): (number | 'dots')[] {
  const range = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
  if (siblings * 2 + 5 >= total) return range(1, total);
  const left = Math.max(active - siblings, 1);
  const right = Math.min(active + siblings, total - 1);
  const leftDots = left > 3;
  const rightDots = right < total - 2;
  if (!leftDots && rightDots) return [...range(1, siblings * 2 + 3), 'dots', total];
  if (leftDots && !rightDots) return [1, 'dots', ...range(total - siblings * 2 - 2, total)];
  return [1, 'dots', ...range(left, right), 'dots', total];
}

const ICONS = {
  previous: 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z',
  next: 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z',
  dots: 'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
};

function Icon({ path, rtl }: { path: string; rtl?: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className={`${classes.icon}${rtl ? ' mantine-rotate-rtl' : ''}`}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/**
 * Mantine's Pagination as the BL list uses it (previous, the pages, next; "Page 2", "next page" for screen readers),
 * in plain buttons: the same markup, look and keyboard (each a button in the tab order), a fraction of the bytes on
 * the page's first load (components/plain-pagination.module.css). Every press, the active page's too, calls
 * `onChange`, as Mantine's does.
 */
export function PlainPagination({
  total,
  value,
  siblings = 1,
  onChange,
}: {
  total: number;
  value: number;
  siblings?: number;
  onChange: (page: number) => void;
}) {
  const control = (label: string, page: number, edge: 'previous' | 'next') => (
    <button
      type="button"
      className={`${classes.control} mantine-focus-auto${page < 1 || page > total ? '' : ' mantine-active'}`}
      aria-label={label}
      disabled={page < 1 || page > total}
      onClick={() => onChange(page)}
    >
      <Icon path={ICONS[edge]} rtl />
    </button>
  );
  return (
    <div className={classes.root}>
      {control('previous page', value - 1, 'previous')}
      {paginationRange(total, value, siblings).map((page, index) =>
        page === 'dots' ? (
          <div key={index === 1 ? 'dots-start' : 'dots-end'} className={classes.dots}>
            <Icon path={ICONS.dots} />
          </div>
        ) : (
          <button
            key={page}
            type="button"
            className={`${classes.control} mantine-focus-auto mantine-active`}
            data-with-padding
            data-active={page === value || undefined}
            aria-current={page === value ? 'page' : undefined}
            aria-label={`Page ${page}`}
            onClick={() => onChange(page)}
          >
            {page}
          </button>
        ),
      )}
      {control('next page', value + 1, 'next')}
    </div>
  );
}
