import { Button, MantineProvider, Modal } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A screen with an action that asks first; optionally inside a dialog of its own (a user's editor). */
function Screen({
  onConfirm = vi.fn(),
  inDialog = false,
  onOuterClose = vi.fn(),
}: {
  onConfirm?: () => unknown;
  inDialog?: boolean;
  onOuterClose?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const action = (
    <>
      <Button onClick={() => setOpened(true)}>Issue</Button>
      <ConfirmDialog
        opened={opened}
        title="Issue LDG26110004?"
        confirmLabel="Issue bill of lading"
        onConfirm={onConfirm}
        onClose={() => setOpened(false)}
      >
        The customer can no longer change it.
      </ConfirmDialog>
    </>
  );
  return (
    <MantineProvider env="test">
      {inDialog ? (
        <Modal opened onClose={onOuterClose} title="Manage user">
          {action}
        </Modal>
      ) : (
        action
      )}
    </MantineProvider>
  );
}

const open = async () => {
  const opener = screen.getByRole('button', { name: 'Issue' });
  opener.focus();
  fireEvent.click(opener);
  return screen.findByRole('dialog', { name: 'Issue LDG26110004?' });
};

describe('ConfirmDialog', () => {
  it('renders nothing until first opened (its modal is fetched then)', () => {
    render(<Screen />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('is labelled by its question, described by what will happen, and starts on the harmless choice', async () => {
    render(<Screen />);
    const dialog = await open();
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('The customer can no longer change it.');
    expect(screen.getByRole('button', { name: 'Issue bill of lading' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('Escape cancels: the action does not run and the focus goes back to the opener', async () => {
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    await open();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Issue' }));
  });

  it('Escape in a confirm opened from another dialog closes the confirm only', async () => {
    const onOuterClose = vi.fn();
    render(<Screen inDialog onOuterClose={onOuterClose} />);
    await open();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Issue LDG26110004?' })).toBeNull());
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Manage user' })).toBeTruthy();
  });

  it('runs the action once, spinning until it settles, then closes', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Screen onConfirm={onConfirm} />);
    await open();
    const confirm = screen.getByRole('button', { name: 'Issue bill of lading' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm.hasAttribute('data-loading')).toBe(true));
    // While it runs, neither Escape nor Cancel closes the dialog.
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Issue LDG26110004?' })).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes after a failed action too (the caller has reported it)', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('refused')));
    render(<Screen onConfirm={() => onConfirm().catch(() => undefined)} />);
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Issue bill of lading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
