import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetched, heldBack } from '../test/on-demand';
import { createLocalSearch } from './local-search';
import { overlays } from './overlays';
import { Typeahead, type TypeaheadSearch } from './typeahead';

type Port = { code: string; name: string };
const PORTS: Port[] = [
  { code: 'NLRTM', name: 'Rotterdam' },
  { code: 'DEHAM', name: 'Hamburg' },
  { code: 'BRSSZ', name: 'Santos' },
];

function Harness({
  search,
  onChange = () => {},
  invalidOnError,
}: {
  search: TypeaheadSearch<Port>;
  onChange?: (port: Port | null) => void;
  invalidOnError?: boolean;
}) {
  const [value, setValue] = useState<Port | null>(null);
  return (
    <MantineProvider env="test">
      <Typeahead<Port>
        label="Port of loading"
        value={value}
        onChange={(port) => {
          setValue(port);
          onChange(port);
        }}
        search={search}
        getOptionLabel={(port) => `${port.name} (${port.code})`}
        getOptionKey={(port) => port.code}
        invalidOnError={invalidOnError}
      />
      <output data-testid="picked">{value?.code ?? 'none'}</output>
    </MantineProvider>
  );
}

const input = () =>
  screen
    .getAllByLabelText('Port of loading')
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
/** Lets timers run and the search's promise settle. */
const wait = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('Typeahead', () => {
  beforeAll(async () => {
    // jsdom does not lay out; the list scrolls the highlighted option into view.
    Element.prototype.scrollIntoView ??= () => {};
    // The dropdown's code is in from the first render (the stand-in before it has a test of its own below).
    await fetched(overlays);
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is a plain input until first reached; text typed before the dropdown is in is kept, searched, and keeps the focus', async () => {
    const part = heldBack(overlays);
    try {
      const search = vi.fn<TypeaheadSearch<Port>>(async () => PORTS);
      render(<Harness search={search} />);
      expect(input().getAttribute('aria-haspopup')).toBeNull();
      act(() => input().focus());
      type('ham');
      await wait(1000);
      // The dropdown's code has not arrived: nothing searched, the text stays.
      expect(search).not.toHaveBeenCalled();
      expect(input().value).toBe('ham');
      part.release();
      await wait(0);
      // The real typeahead took over: same text, the focus moved with it, and the text is searched 300 ms later.
      expect(input().getAttribute('aria-haspopup')).toBe('listbox');
      expect(input().value).toBe('ham');
      expect(document.activeElement).toBe(input());
      await wait(300);
      expect(search).toHaveBeenCalledTimes(1);
      expect(search.mock.calls[0]![0]).toBe('ham');
      expect(screen.getByRole('option', { name: 'Hamburg (DEHAM)' })).toBeTruthy();
    } finally {
      part.restore();
    }
  });

  // What is typed after the swap replaces a selection made before it (a select-all, Playwright's fill).
  it.each([
    { what: 'the selected text', text: 'India', start: 0, end: 5, direction: 'forward' },
    { what: 'a selection made backwards', text: 'Santos', start: 1, end: 4, direction: 'backward' },
    { what: 'the caret', text: 'ham', start: 1, end: 1, direction: 'none' },
  ] as const)(
    'keeps $what of the stand-in when the real typeahead takes over',
    async ({ text, start, end, direction }) => {
      const part = heldBack(overlays);
      try {
        render(<Harness search={async () => PORTS} />);
        act(() => input().focus());
        type(text);
        act(() => input().setSelectionRange(start, end, direction));
        part.release();
        await wait(0);
        expect(input().getAttribute('aria-haspopup')).toBe('listbox');
        expect(document.activeElement).toBe(input());
        expect([input().selectionStart, input().selectionEnd, input().selectionDirection]).toEqual([
          start,
          end,
          direction,
        ]);
      } finally {
        part.restore();
      }
    },
  );

  it('is labelled and searches only 300 ms after the last key', async () => {
    const search = vi.fn<TypeaheadSearch<Port>>(async () => PORTS);
    render(<Harness search={search} />);
    type('r');
    await wait(200);
    type('ro');
    await wait(299);
    expect(search).not.toHaveBeenCalled();
    await wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe('ro');
    expect(screen.getByRole('option', { name: 'Rotterdam (NLRTM)' })).toBeTruthy();
  });

  it('does not search the same term twice in a row', async () => {
    const search = vi.fn<TypeaheadSearch<Port>>(async () => PORTS);
    render(<Harness search={search} />);
    type('rot');
    await wait(300);
    type('rotx');
    await wait(100);
    type('rot ');
    await wait(300);
    expect(search).toHaveBeenCalledTimes(1);
    type('ham');
    await wait(300);
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('aborts the request of a term typed past and ignores its late answer', async () => {
    const signals: AbortSignal[] = [];
    let answerFirst: (ports: Port[]) => void = () => {};
    const search = vi.fn<TypeaheadSearch<Port>>((term, signal) => {
      signals.push(signal);
      if (term === 'ro') return new Promise((resolve) => (answerFirst = resolve));
      return Promise.resolve([PORTS[1]!]);
    });
    render(<Harness search={search} />);
    type('ro');
    await wait(300);
    type('ha');
    await wait(300);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    answerFirst([PORTS[0]!]);
    await wait(0);
    expect(screen.queryByRole('option', { name: 'Rotterdam (NLRTM)' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Hamburg (DEHAM)' })).toBeTruthy();
  });

  it('is keyboard operable: arrows move, Enter picks', async () => {
    const onChange = vi.fn();
    render(<Harness search={async () => PORTS} onChange={onChange} />);
    input().focus();
    type('a');
    await wait(320);
    fireEvent.keyDown(input(), { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(PORTS[1]);
    expect(input().value).toBe('Hamburg (DEHAM)');
    expect(screen.getByTestId('picked').textContent).toBe('DEHAM');
  });

  it('picks with a click, and typing again clears the picked value (no free text)', async () => {
    const onChange = vi.fn();
    render(<Harness search={async () => PORTS} onChange={onChange} />);
    type('san');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: 'Santos (BRSSZ)' }));
    expect(screen.getByTestId('picked').textContent).toBe('BRSSZ');
    type('Santos (BRSSZ) x');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('picked').textContent).toBe('none');
    fireEvent.blur(input());
    expect(input().value).toBe('');
  });

  it('shows "No results" when nothing matches', async () => {
    render(<Harness search={async () => []} />);
    type('zzz');
    await wait(300);
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it('shows an empty list when the search fails, and marks the field invalid when asked to', async () => {
    const failing = async () => {
      throw new Error('503');
    };
    const { unmount } = render(<Harness search={failing} />);
    type('ind');
    await wait(300);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).not.toBe('true');
    unmount();

    render(<Harness search={failing} invalidOnError />);
    type('ind');
    await wait(300);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('createLocalSearch', () => {
  const HS = [
    { hsnCode: '520100', commodity: 'Cotton, not carded or combed' },
    { hsnCode: '610910', commodity: 'T-shirts, singlets and other vests of cotton' },
    { hsnCode: '090111', commodity: 'Coffee, not roasted' },
    { hsnCode: '200911', commodity: 'Orange juice, frozen (Açaí excluded)' },
  ];

  it('matches a case- and accent-insensitive substring over the loaded list', async () => {
    const search = createLocalSearch(HS, (row) => row.commodity);
    const signal = new AbortController().signal;
    expect((await search('COTTON', signal)).map((row) => row.hsnCode)).toEqual(['520100', '610910']);
    expect((await search('acai', signal)).map((row) => row.hsnCode)).toEqual(['200911']);
    expect(await search('tea', signal)).toEqual([]);
    expect(await search('%', signal)).toEqual([]);
  });

  it('stops at the limit', async () => {
    const search = createLocalSearch(HS, (row) => row.commodity, 1);
    expect(await search('o', new AbortController().signal)).toHaveLength(1);
  });
});
