import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid';

describe('focusFirstInvalid', () => {
  afterEach(() => vi.restoreAllMocks());

  it('focuses the first invalid cell in reading order and scrolls its whole field (label included) as little as needed', async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    render(
      <MantineProvider env="test">
        <form data-testid="form">
          <TextInput label="Valid" />
          <TextInput label="Company" error="is required" />
          <TextInput label="Address" error="is required" />
        </form>
      </MantineProvider>,
    );
    focusFirstInvalid(screen.getByTestId('form'));
    const company = screen.getByRole('textbox', { name: 'Company' });
    await waitFor(() => expect(document.activeElement).toBe(company));
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]?.element).toBe(company.closest('.mantine-InputWrapper-root'));
    expect(scrolled[0]?.element.contains(screen.getByText('Company'))).toBe(true);
    expect(scrolled[0]?.options).toEqual({ block: 'nearest', inline: 'nearest' });
  });

  it('skips a cell that is not shown (the table of a layout the screen does not use)', async () => {
    Element.prototype.scrollIntoView = () => {};
    render(
      <MantineProvider env="test">
        <form data-testid="form">
          <div data-testid="hidden">
            <TextInput label="Hidden copy" error="is required" />
          </div>
          <TextInput label="Shown" error="is required" />
        </form>
      </MantineProvider>,
    );
    const hidden = screen.getByRole('textbox', { name: 'Hidden copy' });
    // jsdom lays nothing out: the browser's answer for a cell under `display: none`.
    Object.assign(hidden, { checkVisibility: () => false });
    focusFirstInvalid(screen.getByTestId('form'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Shown' })));
  });
});
