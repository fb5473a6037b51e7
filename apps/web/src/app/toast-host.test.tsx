import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  // The store loads once per test file: this test sees toasts raised before it.
  it('shows the toasts raised before the notification store was loaded, in the order raised', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    toast.success('Bl Updated Successfully');
    toast.warning('Second');
    toast.error('Third');
    expect(await screen.findByText('Bl Updated Successfully')).toBeTruthy();
    const texts = [...document.querySelectorAll('.mantine-Notification-description')].map(
      (node) => node.textContent,
    );
    expect(texts).toEqual(['Bl Updated Successfully', 'Second', 'Third']);
    toast.info('Once loaded');
    expect(await screen.findByText('Once loaded')).toBeTruthy();
  });
});
