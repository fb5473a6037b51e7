import { Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { ensureAuthData } from '../../features/accounts/api/get-auth-data';
import { queryClient } from '../../lib/query-client';
import { decideRouteAccess } from '../../lib/route-access';
import { useSession } from '../../lib/session';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { useFollowSession } from './follow-session';
import classes from './portal-layout.module.css';

/** The "Still there?" warning of the idle timeout: lazy, in the layout's chunk (`portal`, build/chunks.ts). */
const IdleWarning = lazy(() => import('./idle-warning').then((module) => ({ default: module.IdleWarning })));
/** The refusal, fetched when a route guard first refuses (no first load shows it). */
const NotPermittedPage = lazy(() =>
  import('../not-permitted').then((module) => ({ default: module.NotPermittedPage })),
);

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

  if (access === 'not-permitted')
    return (
      <Suspense fallback={null}>
        <NotPermittedPage />
      </Suspense>
    );
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
  useFollowSession();
  return (
    <>
      {/* right-scroll-bar-position: a modal's scroll lock (react-remove-scroll) keeps the fixed header from shifting. */}
      <header className={`${classes.header} right-scroll-bar-position`}>
        <AppHeader />
      </header>
      <main className={classes.main}>
        <div className={classes.content}>
          <GuardedOutlet />
        </div>
        <div className={classes.footer}>
          <AppFooter />
        </div>
      </main>
      <Suspense fallback={null}>
        <IdleWarning />
      </Suspense>
    </>
  );
}
