import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { LAZY_MODULES_FILE, PORTAL_LAYOUT_MODULE, ROUTED_APP_MODULE } from '../../build/first-load';
import { routeModules, routePreloads } from '../../build/route-preloads';
import { decideRouteAccess } from '../lib/route-access';
import { CUSTOMER_PERMISSIONS, STAFF_PERMISSIONS } from '../test/permission-sets';
import { SIGN_IN_FIRST } from './first-load-addresses';
import { router } from './router';

/** The guard decision for an address, from the requirements declared in router.tsx. */
const accessTo = (path: string, permissions: typeof STAFF_PERMISSIONS) => {
  const [routes] = router.getMatchedRoutes(path);
  return decideRouteAccess(
    routes.map((route) => route.options.staticData?.requires),
    permissions,
  );
};

describe('route guards declared in the route table', () => {
  it.each([
    ['/app-dashboard', 'allowed', 'not-permitted'],
    ['/app-dashboard/app-rate-enquiry', 'allowed', 'not-permitted'],
    ['/app-dashboard/app-active-quotation', 'allowed', 'allowed'],
    ['/app-dashboard/app-booking-list', 'allowed', 'allowed'],
    ['/app-dashboard/app-vgm/3', 'allowed', 'allowed'],
    ['/app-dashboard/bl-list', 'allowed', 'allowed'],
    ['/bl_view/3', 'allowed', 'allowed'],
    ['/app-profile', 'allowed', 'allowed'],
    ['/app-dashboard-admin', 'not-permitted', 'allowed'],
    ['/app-dashboard-admin/bl-review/3', 'not-permitted', 'allowed'],
    ['/app-dashboard/app-schedules', 'allowed', 'allowed'],
    ['/app-dashboard-admin/vessels', 'not-permitted', 'allowed'],
    ['/app-dashboard-admin/services', 'not-permitted', 'allowed'],
    ['/app-dashboard-admin/voyages', 'not-permitted', 'allowed'],
    ['/app-dashboard-admin/voyages/12', 'not-permitted', 'allowed'],
    ['/app-dashboard/app-track', 'allowed', 'allowed'],
    ['/app-dashboard-admin/equipment-events', 'not-permitted', 'allowed'],
  ] as const)('%s: customer %s, staff %s', (path, customer, staff) => {
    expect(accessTo(path, CUSTOMER_PERMISSIONS)).toBe(customer);
    expect(accessTo(path, STAFF_PERMISSIONS)).toBe(staff);
  });

  it('public screens require nothing', () => {
    for (const path of ['/app-login', '/app-registration', '/app-terms', '/app-forgot-password', '/track']) {
      expect(accessTo(path, { modules: [] })).toBe('allowed');
    }
  });
});

describe('the route → lazy modules map the build writes for the server (build/route-preloads.ts)', () => {
  const web = resolve(import.meta.dirname, '../..');
  const declared = routeModules(resolve(web, 'src/app/router.tsx'), web);
  /** The routes a user opens (no children), with the lazy components of the route and of its parents. */
  const leaves = (Object.values(router.routesById) as AnyRoute[])
    .filter((route) => !route.children)
    .map((route) => {
      let lazy = 0;
      for (let at: AnyRoute | undefined = route; at; at = at.parentRoute) {
        if ((at.options.component as { preload?: unknown } | undefined)?.preload) lazy += 1;
      }
      return { path: route.fullPath.replace(/(.)\/$/, '$1'), lazy };
    })
    .filter((route) => route.lazy > 0);

  it('finds every screen of the router, with as many lazy modules as its route and parents have', () => {
    expect(declared.map((route) => route.path).sort()).toEqual(leaves.map((route) => route.path).sort());
    for (const { path, lazy } of leaves) {
      expect(declared.find((route) => route.path === path)?.modules, path).toHaveLength(lazy);
    }
  });

  it('names the layout before the screen, as files of the build manifest', () => {
    expect(declared.find((route) => route.path === '/bl_view/$id')?.modules).toEqual([
      PORTAL_LAYOUT_MODULE,
      'src/features/bills-of-lading/routes/bl-view.tsx',
    ]);
    expect(declared.find((route) => route.path === '/app-login')?.modules).toEqual([
      'src/features/accounts/routes/login.tsx',
    ]);
    expect(declared.find((route) => route.path === '/app-dashboard')?.modules).toEqual([
      'src/app/layout/portal-layout.tsx',
      'src/features/dashboard/routes/dashboard.tsx',
    ]);
  });
});

describe('the router on first loads (build/route-preloads.ts, decision 034)', () => {
  /** A build manifest with the entry, the router's chunk (`portal`, found through the lazy modules' map) and two screens. */
  const dist = mkdtempSync(join(tmpdir(), 'lading-route-preloads-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] },
      '_portal.js': { file: 'assets/portal.js', name: 'portal', imports: ['index.html'] },
      'src/features/accounts/routes/login.tsx': { file: 'assets/login.js', imports: ['index.html'] },
      'src/features/accounts/routes/registration.tsx': {
        file: 'assets/registration.js',
        imports: ['index.html'],
      },
      [PORTAL_LAYOUT_MODULE]: { file: 'assets/portal-layout.js', imports: ['index.html'] },
      'src/app/profile-route.tsx': { file: 'assets/profile.js', imports: ['index.html'] },
    }),
  );
  writeFileSync(join(dist, LAZY_MODULES_FILE), JSON.stringify({ [ROUTED_APP_MODULE]: 'assets/portal.js' }));
  const preloads = routePreloads(dist, [
    { path: '/app-login', modules: ['src/features/accounts/routes/login.tsx'] },
    { path: '/app-registration', modules: ['src/features/accounts/routes/registration.tsx'] },
    { path: '/app-profile', modules: [PORTAL_LAYOUT_MODULE, 'src/app/profile-route.tsx'] },
  ]);

  it('leaves the router out of the login page, which renders before it', () => {
    expect(SIGN_IN_FIRST.test('/app-login') && SIGN_IN_FIRST.test('/app-login/')).toBe(true);
    expect(preloads.find((route) => route.path === '/app-login')?.scripts).toEqual(['assets/login.js']);
  });

  it("marks the signed-in layout's screens, whose HTML gets the header's shell", () => {
    expect(preloads.map((route) => [route.path, route.portal])).toEqual([
      ['/app-login', false],
      ['/app-registration', false],
      ['/app-profile', true],
    ]);
  });

  it('preloads it on every other address', () => {
    expect(SIGN_IN_FIRST.test('/app-registration')).toBe(false);
    expect(preloads.find((route) => route.path === '/app-registration')?.scripts).toEqual([
      'assets/portal.js',
      'assets/registration.js',
    ]);
  });
});
