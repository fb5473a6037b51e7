import { AppShell, Box, Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ensureAuthData } from '../../features/accounts/api/get-auth-data';
import { decideRouteAccess } from '../../lib/route-access';
import { useSession } from '../../lib/session';
import { NotPermittedPage } from '../not-permitted';
import { queryClient } from '../query-client';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** The route guard: the screen when every matched route's `staticData.requires` is held, else the refusal. */
function GuardedOutlet() {
  const matches = useMatches();
  const permissions = useSession()?.authData?.permissions;
  const access = decideRouteAccess(
    matches.map((match) => match.staticData?.requires),
    permissions,
  );

  // Auth data dropped while signed in (another tab wrote an older session): fetch it again.
  useEffect(() => {
    if (access === 'loading') void ensureAuthData().catch(() => {});
  }, [access]);

  if (access === 'not-permitted') return <NotPermittedPage />;
  if (access === 'loading')
    return (
      <Center mih="40vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  return <Outlet />;
}

/**
 * The signed-in area: header menu, the active route, and the footer after the content (never covering it). TanStack
 * Query is provided here, not at the root: the signed-out screens do not use it, so it stays off their first load
 * (the client itself is one instance for the page's life, so its cache outlives this component).
 */
export function PortalLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <PortalShell />
    </QueryClientProvider>
  );
}

function PortalShell() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header bg="var(--mantine-color-lading-9)" withBorder={false}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box style={{ flex: 1 }}>
          <GuardedOutlet />
        </Box>
        <Box mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
