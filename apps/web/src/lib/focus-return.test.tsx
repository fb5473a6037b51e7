import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReturnFocusOnClose } from './focus-return';

/** A button that opens a dialog, and a control inside the dialog, in the document. */
function page() {
  const opener = document.createElement('button');
  opener.textContent = 'Open menu';
  const inside = document.createElement('button');
  inside.textContent = 'Close';
  document.body.append(opener, inside);
  return { opener, inside };
}

afterEach(() => {
  document.body.replaceChildren();
});

/** Opens a dialog from the focused `opener`, closes it, and answers the callback for its exit transition's end. */
function openAndClose(opener: HTMLElement): () => void {
  opener.focus();
  const { result, rerender } = renderHook(({ opened }) => useReturnFocusOnClose(opened), {
    initialProps: { opened: true },
  });
  rerender({ opened: false });
  return result.current;
}

describe('useReturnFocusOnClose', () => {
  it('gives the focus back to the opener when the dialog closes', () => {
    const { opener, inside } = page();
    opener.focus();
    const { rerender } = renderHook(({ opened }) => useReturnFocusOnClose(opened), {
      initialProps: { opened: true },
    });
    inside.focus();
    rerender({ opened: false });
    expect(document.activeElement).toBe(opener);
  });

  it('puts the focus back after the closing transition when it fell to the page meanwhile', () => {
    const { opener, inside } = page();
    const afterClose = openAndClose(opener);
    expect(document.activeElement).toBe(opener);
    // The trap's deferred first focus lands inside the closing dialog, which then unmounts.
    inside.focus();
    inside.remove();
    expect(document.activeElement).toBe(document.body);
    act(() => afterClose());
    expect(document.activeElement).toBe(opener);
  });

  it('puts the focus back when, at the end of the closing transition, it still sits inside the closed dialog', () => {
    const { opener } = page();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('button');
    dialog.append(inside);
    document.body.append(dialog);
    const afterClose = openAndClose(opener);
    expect(document.activeElement).toBe(opener);
    // The trap's deferred first focus lands inside the closing dialog; the callback runs before it unmounts.
    inside.focus();
    act(() => afterClose());
    expect(document.activeElement).toBe(opener);
    dialog.remove();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus on a control the user chose in the dialog that holds the opener', () => {
    const outer = document.createElement('div');
    outer.setAttribute('role', 'dialog');
    const opener = document.createElement('button');
    const sibling = document.createElement('input');
    outer.append(opener, sibling);
    document.body.append(outer);
    const afterClose = openAndClose(opener);
    sibling.focus();
    act(() => afterClose());
    expect(document.activeElement).toBe(sibling);
  });

  it('leaves the focus where the user put it after the dialog closed', () => {
    const { opener } = page();
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    const afterClose = openAndClose(opener);
    elsewhere.focus();
    act(() => afterClose());
    expect(document.activeElement).toBe(elsewhere);
  });
});
