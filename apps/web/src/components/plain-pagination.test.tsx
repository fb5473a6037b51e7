import { usePagination } from '@mantine/hooks';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlainPagination, paginationRange } from './plain-pagination';

describe('PlainPagination', () => {
  it('lays the pages out as Mantine’s usePagination does', () => {
    for (const siblings of [0, 1, 2])
      for (let total = 1; total <= 14; total += 1)
        for (let active = 1; active <= total; active += 1) {
          const { result } = renderHook(() => usePagination({ total, siblings, page: active }));
          expect(paginationRange(total, active, siblings), `${active} of ${total}, ${siblings}`).toEqual(
            result.current.range,
          );
        }
  });

  it('names every control, marks the current page and disables the edges', () => {
    const onChange = vi.fn();
    render(<PlainPagination total={9} value={1} onChange={onChange} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'previous page' }).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '',
      '1',
      '2',
      '3',
      '4',
      '5',
      '9',
      '',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 9' }));
    expect(onChange.mock.calls).toEqual([[2], [9]]);
  });

  it('disables next on the last page', () => {
    render(<PlainPagination total={2} value={2} onChange={() => {}} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'next page' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'previous page' }).disabled).toBe(false);
  });
});
