import { AppShell, Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** The signed-in area: header menu, the active route, and the footer after the content (never covering it). */
export function PortalLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header bg="var(--mantine-color-lading-9)" withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Box mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
