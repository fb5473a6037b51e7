import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  it('shows a toast raised before the notification stack was loaded', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    toast.success('Bl Updated Successfully');
    expect(await screen.findByText('Bl Updated Successfully')).toBeTruthy();
  });
});
