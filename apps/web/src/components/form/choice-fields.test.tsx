import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { SelectField } from './choice-fields';

type Values = { method: string };

function Harness() {
  const methods = useForm<Values>({ defaultValues: { method: 'Method 1' } });
  return (
    <MantineProvider env="test">
      <FormProvider {...methods}>
        <SelectField<Values>
          name="method"
          label="VGM Method"
          searchable={false}
          data={['Method 1', 'Method 2']}
        />
        <output data-testid="value">{methods.watch('method')}</output>
      </FormProvider>
    </MantineProvider>
  );
}

const input = () =>
  screen.getAllByLabelText('VGM Method').find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('SelectField', () => {
  beforeAll(() => {
    // jsdom does not lay out; the list scrolls the highlighted option into view.
    Element.prototype.scrollIntoView ??= () => {};
  });

  it('renders no options until the field is first focused, and shows the value meanwhile', () => {
    render(<Harness />);
    expect(input().value).toBe('Method 1');
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    act(() => input().focus());
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(2);
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
