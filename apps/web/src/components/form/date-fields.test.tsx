import { MantineProvider, Modal } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetched, heldBack } from '../../test/on-demand';
import { dateCalendar } from '../date-calendar';
import { DateInput } from '../date-input';
import { DateField } from './date-fields';
import { formatDateText, parseDateText } from './date-text';

type Values = { ready: string; until: string };

function Harness({ ready = '', until = '', min }: { ready?: string; until?: string; min?: string }) {
  const methods = useForm<Values>({ defaultValues: { ready, until } });
  return (
    <MantineProvider env="test">
      <FormProvider {...methods}>
        <form noValidate onSubmit={methods.handleSubmit(() => {})}>
          <DateField<Values> name="ready" label="Cargo ready date" required min={min} />
          <DateField<Values>
            name="until"
            label="Accept until (port time, GMT+5:30)"
            fieldName="Accept until"
            withTime
          />
          <button type="submit">Save</button>
        </form>
        <output data-testid="ready">{methods.watch('ready')}</output>
        <output data-testid="until">{methods.watch('until')}</output>
        <button type="button" onClick={() => methods.reset({ ready: '2027-01-31', until: '' })}>
          Reset
        </button>
      </FormProvider>
    </MantineProvider>
  );
}

function InDialog({ onClose }: { onClose: () => void }) {
  const methods = useForm<Values>({ defaultValues: { ready: '2026-05-12', until: '' } });
  return (
    <MantineProvider env="test">
      <Modal opened onClose={onClose} title="Filters">
        <FormProvider {...methods}>
          <DateField<Values> name="ready" label="Cargo ready date" />
        </FormProvider>
      </Modal>
    </MantineProvider>
  );
}

const ready = () => screen.getByRole('textbox', { name: /^Cargo ready date/ }) as HTMLInputElement;
const until = () => screen.getByRole('textbox', { name: /^Accept until/ }) as HTMLInputElement;
const typeInto = (input: HTMLInputElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });

describe('the date text', () => {
  it('is read as dd/mm/yyyy, strictly, whatever the locale', () => {
    expect(parseDateText('12/05/2026')).toBe('2026-05-12');
    expect(parseDateText(' 1/5/2026 ')).toBe('2026-05-01');
    expect(parseDateText('12.05.2026')).toBe('2026-05-12');
    expect(parseDateText('2026-05-12')).toBe('2026-05-12');
    expect(parseDateText('')).toBe('');
    for (const wrong of [
      '31/02/2026',
      '29/02/2027',
      '12/13/2026',
      '12/05/26',
      '12/05',
      'May 12, 2026',
      '05/12/2026x',
    ])
      expect(parseDateText(wrong), wrong).toBeNull();
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
  });

  it('with a time, as dd/mm/yyyy hh:mm (24 h)', () => {
    expect(parseDateText('28/11/2026 18:00', true)).toBe('2026-11-28T18:00');
    expect(parseDateText('28.11.2026 9:05', true)).toBe('2026-11-28T09:05');
    expect(parseDateText('2026-11-28T18:00', true)).toBe('2026-11-28T18:00');
    expect(parseDateText('28/11/2026', true)).toBeNull();
    expect(parseDateText('28/11/2026 24:00', true)).toBeNull();
    expect(formatDateText('2026-11-28T18:00', true)).toBe('28/11/2026 18:00');
    expect(formatDateText('2026-05-12')).toBe('12/05/2026');
  });
});

describe('DateField', () => {
  it('shows the value as dd/mm/yyyy and gives the form the ISO date for 12/05/2026 typed', () => {
    render(<Harness ready="2026-11-28" />);
    expect(ready().value).toBe('28/11/2026');
    expect(ready().getAttribute('placeholder')).toBe('dd/mm/yyyy');
    typeInto(ready(), '12/05/2026');
    expect(screen.getByTestId('ready').textContent).toBe('2026-05-12');
    // The text stays as typed; a value from outside (a reset) is shown in the same format.
    expect(ready().value).toBe('12/05/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(ready().value).toBe('31/01/2027');
  });

  it('says an impossible date is not one, naming the field, once left, and keeps it out of the form', async () => {
    render(<Harness ready="2026-05-12" />);
    typeInto(ready(), '31/02/2026');
    // Not while typing.
    expect(screen.queryByText('Cargo ready date must be a date, as dd/mm/yyyy')).toBeNull();
    fireEvent.blur(ready());
    expect(screen.getByText('Cargo ready date must be a date, as dd/mm/yyyy')).toBeTruthy();
    expect(ready().getAttribute('aria-invalid')).toBe('true');
    // The form does not keep the date shown before.
    expect(screen.getByTestId('ready').textContent).toBe('31/02/2026');
    typeInto(ready(), '28/02/2026');
    expect(screen.queryByText('Cargo ready date must be a date, as dd/mm/yyyy')).toBeNull();
    expect(screen.getByTestId('ready').textContent).toBe('2026-02-28');
  });

  it('takes a date and a time, and names the field without the label’s note', () => {
    render(<Harness until="2026-11-28T18:00" />);
    expect(until().value).toBe('28/11/2026 18:00');
    typeInto(until(), '30/11/2026 06:30');
    expect(screen.getByTestId('until').textContent).toBe('2026-11-30T06:30');
    typeInto(until(), '30/11/2026');
    fireEvent.blur(until());
    expect(screen.getByText('Accept until must be a date and time, as dd/mm/yyyy hh:mm')).toBeTruthy();
  });

  describe('the calendar', () => {
    beforeAll(async () => {
      await fetched(dateCalendar);
    });

    it('opens from its button on the day shown, with the focus on it; a click picks a day', async () => {
      render(<Harness ready="2026-05-12" />);
      fireEvent.click(screen.getByRole('button', { name: 'Choose Cargo ready date from the calendar' }));
      const calendar = await screen.findByRole('dialog', {
        name: 'Choose Cargo ready date from the calendar',
      });
      await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('12 May 2026'));
      expect(calendar.contains(document.activeElement)).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: '20 May 2026' }));
      expect(screen.getByTestId('ready').textContent).toBe('2026-05-20');
      expect(ready().value).toBe('20/05/2026');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(ready());
    });

    it('works from the keyboard: arrows move between days, Enter picks, Escape goes back to the button', async () => {
      render(<Harness ready="2026-05-12" />);
      const button = screen.getByRole('button', { name: 'Choose Cargo ready date from the calendar' });
      act(() => button.focus());
      fireEvent.click(button);
      await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('12 May 2026'));
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe('13 May 2026');
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe('20 May 2026');
      // A day is a button: Enter presses it.
      fireEvent.click(document.activeElement!);
      expect(screen.getByTestId('ready').textContent).toBe('2026-05-20');
      act(() => button.focus());
      fireEvent.click(button);
      await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('20 May 2026'));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(button);
    });

    it('closes on Escape without closing the dialog around the field', async () => {
      const closed: boolean[] = [];
      render(<InDialog onClose={() => closed.push(true)} />);
      const button = screen.getByRole('button', { name: 'Choose Cargo ready date from the calendar' });
      act(() => button.focus());
      fireEvent.click(button);
      await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('12 May 2026'));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /calendar/ })).toBeNull());
      expect(closed).toEqual([]);
      expect(document.activeElement).toBe(button);
    });

    it('keeps the time typed when a day is picked', async () => {
      render(<Harness until="2026-11-28T18:00" />);
      fireEvent.click(screen.getByRole('button', { name: 'Choose Accept until from the calendar' }));
      fireEvent.click(await screen.findByRole('button', { name: '30 November 2026' }));
      expect(screen.getByTestId('until').textContent).toBe('2026-11-30T18:00');
    });

    it('opens on the first day allowed, and offers none before it', async () => {
      // The 2nd of the month after next: the day before it is in the same month (the calendar shows no other).
      const now = new Date();
      const second = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 2, 2));
      const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 2, 1));
      const min = second.toISOString().slice(0, 10);
      const name = (date: Date) =>
        date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      render(<Harness min={min} />);
      fireEvent.click(screen.getByRole('button', { name: 'Choose Cargo ready date from the calendar' }));
      await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(name(second)));
      expect(screen.getByRole('button', { name: name(first) }).hasAttribute('disabled')).toBe(true);
    });
  });

  it('before the calendar is in, its button is a stand-in that opens it at once when pressed', async () => {
    const part = heldBack(dateCalendar);
    try {
      render(<Harness ready="2026-05-12" />);
      const standIn = screen.getByRole('button', { name: 'Choose Cargo ready date from the calendar' });
      expect(standIn.getAttribute('aria-haspopup')).toBe('dialog');
      fireEvent.click(standIn);
      part.release();
      await screen.findByRole('dialog', { name: 'Choose Cargo ready date from the calendar' });
    } finally {
      part.restore();
    }
  });
});

function Filter({ onChange }: { onChange: (value: string) => void }) {
  return (
    <MantineProvider env="test">
      <DateInput label="From" value="" onChange={onChange} />
    </MantineProvider>
  );
}

describe('DateInput (a filter)', () => {
  it('passes on only whole dates and empties; text that is not a date stays, with its message once left', () => {
    const seen: string[] = [];
    render(<Filter onChange={(value) => seen.push(value)} />);
    const from = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    typeInto(from, '1/5');
    expect(from.value).toBe('1/5');
    typeInto(from, '1/5/2026');
    fireEvent.blur(from);
    expect(seen).toEqual(['1/5', '2026-05-01']);
    typeInto(from, '32/5/2026');
    fireEvent.blur(from);
    expect(screen.getByText('From must be a date, as dd/mm/yyyy')).toBeTruthy();
  });
});
