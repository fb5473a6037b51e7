import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      // Every variable, not only those that differ from Mantine's defaults: main.tsx does not load the defaults' sheet.
      deduplicateCssVariables={false}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
