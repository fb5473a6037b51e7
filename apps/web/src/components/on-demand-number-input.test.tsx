import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fetched, heldBack } from '../test/on-demand';
import { numberInput } from './number-input';
import { groupThousands, OnDemandNumberInput } from './on-demand-number-input';

/** A decimal field as components/form/number-fields.tsx binds one: the text as typed, grouped when shown. */
function Weight({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState('12345.6');
  return (
    <MantineProvider env="test">
      <OnDemandNumberInput
        label="Weight"
        hideControls
        thousandSeparator=","
        allowNegative={false}
        readOnly={readOnly}
        value={value}
        shown={groupThousands(value)}
        onTyped={(text) => {
          const digits = text.replace(/,/g, '');
          if (/^\d*(?:\.\d*)?$/.test(digits)) setValue(digits);
        }}
        onValueChange={(payload) => setValue(payload.value)}
      />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe('groupThousands', () => {
  it('groups the whole part as NumberInput shows it', () => {
    expect(groupThousands('')).toBe('');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('12345.675')).toBe('12,345.675');
    expect(groupThousands('1234567.')).toBe('1,234,567.');
  });
});

describe('OnDemandNumberInput', () => {
  it('shows the value grouped before the number input is in, keeps a typed number and rejects a letter', () => {
    const part = heldBack(numberInput);
    try {
      render(<Weight />);
      const input = screen.getByLabelText('Weight') as HTMLInputElement;
      expect(input.value).toBe('12,345.6');
      fireEvent.change(input, { target: { value: '12,345.67' } });
      expect(screen.getByTestId('value').textContent).toBe('12345.67');
      fireEvent.change(input, { target: { value: '12,345.67x' } });
      expect(screen.getByTestId('value').textContent).toBe('12345.67');
      expect(input.value).toBe('12,345.67');
    } finally {
      part.restore();
    }
  });

  it('hands over to the number input with the focus when it arrives', async () => {
    const part = heldBack(numberInput);
    try {
      render(<Weight />);
      const standIn = screen.getByLabelText('Weight');
      act(() => standIn.focus());
      part.release();
      await waitFor(() => expect(screen.getByLabelText('Weight')).not.toBe(standIn));
      const real = screen.getByLabelText('Weight') as HTMLInputElement;
      expect(document.activeElement).toBe(real);
      expect(real.value).toBe('12,345.6');
    } finally {
      part.restore();
    }
  });

  it('keeps the stand-in on a read-only field: nothing to fetch', () => {
    const part = heldBack(numberInput);
    try {
      render(<Weight readOnly />);
      const input = screen.getByLabelText('Weight') as HTMLInputElement;
      fireEvent.pointerEnter(input);
      act(() => input.focus());
      expect(numberInput.pending).toBeNull();
      expect(input.readOnly).toBe(true);
    } finally {
      part.restore();
    }
  });

  it('renders the number input from the first render once it is in', async () => {
    await fetched(numberInput);
    render(<Weight />);
    const input = screen.getByLabelText('Weight') as HTMLInputElement;
    expect(input.value).toBe('12,345.6');
    expect(numberInput.loaded).not.toBeNull();
  });
});
