import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetched, heldBack } from '../../test/on-demand';
import { overlays } from '../overlays';
import { SelectField } from './choice-fields';

type Values = { method: string };

function Harness({ searchable = false }: { searchable?: boolean }) {
  const methods = useForm<Values>({ defaultValues: { method: 'Method 1' } });
  return (
    <MantineProvider env="test">
      <FormProvider {...methods}>
        <SelectField<Values>
          name="method"
          label="VGM Method"
          searchable={searchable}
          data={['Method 1', 'Method 2', 'Other']}
        />
        <output data-testid="value">{methods.watch('method')}</output>
      </FormProvider>
    </MantineProvider>
  );
}

const input = () =>
  screen.getAllByLabelText('VGM Method').find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('SelectField', () => {
  beforeAll(async () => {
    // jsdom does not lay out; the list scrolls the highlighted option into view.
    Element.prototype.scrollIntoView ??= () => {};
  });

  describe('before the select code is in', () => {
    it('is an input of the same name and value; a press opens the real select at once, with the focus', async () => {
      const part = heldBack(overlays);
      try {
        render(<Harness />);
        expect(input().value).toBe('Method 1');
        expect(input().getAttribute('role')).toBe('combobox');
        expect(input().getAttribute('aria-expanded')).toBe('false');
        act(() => input().focus());
        const standIn = input();
        fireEvent.pointerDown(standIn);
        part.release();
        // While the pointer is down the stand-in stays: a swap then would lose the click.
        await act(async () => {});
        expect(input()).toBe(standIn);
        expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
        fireEvent.click(input());
        await waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('true'));
        expect(screen.getAllByRole('option')).toHaveLength(3);
        expect(document.activeElement).toBe(input());
        fireEvent.click(screen.getByRole('option', { name: 'Method 2' }));
        await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('Method 2'));
      } finally {
        part.restore();
      }
    });

    it('keeps what is typed into a searchable one as the search, with the list open on its matches', async () => {
      const part = heldBack(overlays);
      try {
        render(<Harness searchable />);
        act(() => input().focus());
        fireEvent.change(input(), { target: { value: 'oth' } });
        part.release();
        await waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('true'));
        expect(input().value).toBe('oth');
        expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Other']);
        expect(document.activeElement).toBe(input());
      } finally {
        part.restore();
      }
    });
  });

  describe('once the select code is in', () => {
    beforeAll(async () => {
      await fetched(overlays);
    });

    it('renders no options until the field is first focused, and shows the value meanwhile', () => {
      render(<Harness />);
      expect(input().value).toBe('Method 1');
      expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
      act(() => input().focus());
      expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(3);
    });

    it('works from the keyboard once focused: ArrowDown opens on the current value, the next ArrowDown and Enter pick', async () => {
      render(<Harness />);
      act(() => input().focus());
      fireEvent.keyDown(input(), { key: 'ArrowDown', code: 'ArrowDown' });
      await waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('true'));
      expect(screen.getByRole('option', { name: 'Method 1' }).getAttribute('data-combobox-selected')).toBe(
        'true',
      );
      fireEvent.keyDown(input(), { key: 'ArrowDown', code: 'ArrowDown' });
      fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter' });
      await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('Method 2'));
    });
  });
});
