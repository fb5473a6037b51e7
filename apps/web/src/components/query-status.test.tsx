import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import type { QueryState } from './query-error';
import { QueryStatus } from './query-status';

const pending: QueryState = { isPending: true, isError: false, refetch: vi.fn() };
const loaded: QueryState = { isPending: false, isError: false, refetch: vi.fn() };
const failed = (error: unknown = new TypeError('Failed to fetch')): QueryState => ({
  isPending: false,
  isError: true,
  error,
  refetch: vi.fn(),
});

const show = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('QueryStatus', () => {
  it('shows a skeleton while pending, and the footer-holding space after it only when asked', () => {
    const { container, rerender } = show(<QueryStatus query={pending} skeletonHeight={120} errorTitle="x" />);
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(1);
    expect(container.querySelector('[aria-hidden="true"][style*="min-height"]')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <QueryStatus query={pending} skeletonHeight={120} holdFooter errorTitle="x" />
      </MantineProvider>,
    );
    expect(container.querySelector('[aria-hidden="true"][style*="min-height"]')).not.toBeNull();
  });

  it('shows nothing while pending without a skeleton, and nothing once loaded', () => {
    const { container, rerender } = show(<QueryStatus query={pending} errorTitle="x" />);
    expect(container.querySelector('.mantine-Skeleton-root, [role="alert"]')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <QueryStatus query={loaded} skeletonHeight={120} errorTitle="x" />
      </MantineProvider>,
    );
    expect(container.querySelector('.mantine-Skeleton-root, [role="alert"]')).toBeNull();
  });

  it('offers "Try again" on a failure, which asks again', () => {
    const query = failed();
    show(<QueryStatus query={query} errorTitle="The dashboard could not be loaded" />);
    expect(screen.getByRole('alert').textContent).toContain('The dashboard could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('says its text instead of offering "Try again" when given one', () => {
    show(
      <QueryStatus query={failed()} errorTitle="Could not load" errorText="Please try again in a moment." />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Please try again in a moment.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells a record that does not exist from a failure when given the not-found text', () => {
    const notFound = failed(new ApiError(404, 'NOT_FOUND', 'Not found'));
    const { rerender } = show(
      <QueryStatus
        query={notFound}
        errorTitle="Could not load the booking"
        notFoundText="There is no booking."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not foundThere is no booking.');
    rerender(
      <MantineProvider env="test">
        <QueryStatus query={notFound} errorTitle="Could not load the booking" errorText="Please try again." />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not load the bookingPlease try again.');
  });
});
