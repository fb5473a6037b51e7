import { Button, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldBack } from '../test/on-demand';
import { OnDemandMenu } from './on-demand-menu';
import { overlays } from './overlays';

function Harness() {
  return (
    <MantineProvider env="test">
      <OnDemandMenu withInitialFocusPlaceholder={false} target={<Button>Account</Button>}>
        {(Menu) => (
          <Menu.Dropdown>
            <Menu.Item>My Profile</Menu.Item>
            <Menu.Item>Sign Out</Menu.Item>
          </Menu.Dropdown>
        )}
      </OnDemandMenu>
    </MantineProvider>
  );
}

const button = () => screen.getByRole('button', { name: 'Account' });

describe('OnDemandMenu', () => {
  it('is its button until pressed; the press opens the real menu on its first item, Escape returns to the button', async () => {
    const part = heldBack(overlays);
    try {
      render(<Harness />);
      expect(button().getAttribute('aria-haspopup')).toBe('menu');
      expect(button().getAttribute('aria-expanded')).toBe('false');
      act(() => button().focus());
      fireEvent.click(button());
      expect(screen.queryByRole('menu')).toBeNull();
      part.release();
      await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeTruthy());
      expect(button().getAttribute('aria-expanded')).toBe('true');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'My Profile' })),
      );
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(document.activeElement).toBe(button());
    } finally {
      part.restore();
    }
  });

  it('hands the focus over without opening when the button was only focused', async () => {
    const part = heldBack(overlays);
    try {
      render(<Harness />);
      const standIn = button();
      act(() => standIn.focus());
      part.release();
      await waitFor(() => expect(button()).not.toBe(standIn));
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(button());
    } finally {
      part.restore();
    }
  });
});
