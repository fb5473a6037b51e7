import type { ReviewRow } from '@lading/contract/bill-of-lading-review';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewComparisonTable } from './review-comparison-table';

const rows: ReviewRow[] = [
  { field: 'shipperNameInBl', approved: 'Coastal Mills', current: 'Coastal Mills Ltd', isChanged: true },
  { field: 'containers[1].grossWeight', approved: 9800.46, current: 9800.46, isChanged: false },
];

function renderTable() {
  return render(
    <MantineProvider env="test">
      <ReviewComparisonTable rows={rows} baseline="approved" />
    </MantineProvider>,
  );
}

describe('ReviewComparisonTable on phones (issue 28 item 11)', () => {
  it('scrolls, when it must, inside a named region a keyboard can reach (axe scrollable-region-focusable)', () => {
    renderTable();
    const region = screen.getByRole('region', { name: /Side by side/ });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: /Side by side/ })).toBeTruthy();
  });

  it('names its column in every value cell, for the stacked layout where the header row is out of sight', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /^Shipper name as in BL/ });
    const cells = within(row).getAllByRole('cell');
    // Approved, then Current, each with its column's name (hidden from screen readers, who have the header).
    expect(cells[0]!.textContent).toBe('ApprovedCoastal Mills');
    expect(cells[1]!.textContent).toBe('CurrentCoastal Mills Ltd');
    expect(cells[1]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('Current');
    expect(within(cells[1]!).getByText('Coastal Mills Ltd').tagName).toBe('INS');
    expect(cells[2]!.textContent).toBe('Changed');
    // The header row is still there for screen readers.
    expect(screen.getByRole('columnheader', { name: 'Current' })).toBeTruthy();
  });
});
