import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fetched, heldBack } from '../test/on-demand';
import { OnDemandSelect } from './on-demand-select';
import { overlays } from './overlays';

/** The BL list's status filter: clearable, a value picked. */
function StatusFilter() {
  const [status, setStatus] = useState<string | null>('DRAFT');
  return (
    <MantineProvider env="test">
      <OnDemandSelect
        label="Status"
        placeholder="Any status"
        clearable
        data={['DRAFT', 'APPROVED']}
        value={status}
        onChange={setStatus}
      />
      <output data-testid="value">{status ?? 'none'}</output>
    </MantineProvider>
  );
}

describe('OnDemandSelect, clearable (issue 28: axe button-name, critical)', () => {
  it('names its clear button after the field before the select code is in, and the button clears', () => {
    const part = heldBack(overlays);
    try {
      render(<StatusFilter />);
      const clear = screen.getByRole('button', { name: 'Clear Status' });
      fireEvent.click(clear);
      expect(screen.getByTestId('value').textContent).toBe('none');
    } finally {
      part.restore();
    }
  });

  it('names the real select’s clear button too', async () => {
    await fetched(overlays);
    const { container } = render(<StatusFilter />);
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button.getAttribute('aria-label')).toBe('Clear Status');
  });
});
