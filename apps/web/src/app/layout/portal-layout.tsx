import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** The signed-in area: header menu, the active route, footer. */
export function PortalLayout() {
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 40 }} padding="md">
      <AppShell.Header bg="var(--mantine-color-lading-9)" withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
    </AppShell>
  );
}
