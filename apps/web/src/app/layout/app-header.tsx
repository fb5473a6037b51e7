import { Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { OnDemandMenu } from '../../components/on-demand-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { homePath, useCan } from '../../lib/permissions';
import { useMediaMatch, usePhoneLayout } from '../../lib/phone-layout';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import classes from './app-header.module.css';
import { type NavItem, navItems, workspaceItems } from './nav-items';

/**
 * The office switcher, fetched for carrier staff only (customers have no office and never see it: a BL list or
 * bl_view first load of theirs does without it).
 */
const OfficeSwitcher = lazy(() =>
  import('../../features/accounts/components/office-switcher').then((module) => ({
    default: module.OfficeSwitcher,
  })),
);

/** The phone's menu drawer, fetched when the burger is first pressed (it then stays mounted for its transitions). */
const NavDrawer = lazy(() => import('./nav-drawer').then((module) => ({ default: module.NavDrawer })));

/**
 * The profile button's picture: a person in a circle, drawn like the header's other icons. It was Mantine's Avatar
 * placeholder (no initials, no image), whose module brings the avatar group, the initials and their colours to every
 * signed-in first load (1.4 KB brotli, issue 28).
 */
function ProfileIcon() {
  return (
    <span className={classes.avatar} aria-hidden="true">
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21a8 8 0 0 1 16 0" />
      </svg>
    </span>
  );
}

/**
 * The admin workspace's section of the header: a menu button listing the screens the user may open (arrow keys move
 * between them, Enter opens, Escape closes). The current screen is marked.
 */
function WorkspaceMenu({ items }: { items: NavItem[] }) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isCurrent = items.some((item) => pathname.startsWith(item.to));
  return (
    <OnDemandMenu
      position="bottom-start"
      shadow="md"
      width={220}
      withInitialFocusPlaceholder={false}
      target={
        <UnstyledButton className={`${classes.link} ${isCurrent ? classes.active : ''}`}>
          Workspace <span aria-hidden="true">▾</span>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <Menu.Dropdown aria-label="Workspace">
          {items.map((item) => (
            <Menu.Item
              key={item.to}
              onClick={() => void navigate({ to: item.to })}
              aria-current={pathname.startsWith(item.to) ? 'page' : undefined}
              fw={pathname.startsWith(item.to) ? 700 : undefined}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      )}
    </OnDemandMenu>
  );
}

export function AppHeader() {
  const session = useSession();
  const can = useCan();
  const navigate = useNavigate();
  // Known on the first render: a phone never renders the desktop header first.
  const isMobile = usePhoneLayout();
  // Between phone and wide screens the menu links need the room: the office shows as its code alone, and the
  // profile button as its avatar (its name stays, for screen readers).
  const isNarrow = useMediaMatch('(max-width: 1100px)');
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const permissions = session?.authData?.permissions;
  const hasOffices = (session?.authData?.offices.length ?? 0) > 0;
  const items = navItems(permissions);
  const workspace = workspaceItems(permissions);
  const name = session ? `${session.user.first_name} ${session.user.last_name}` : '';

  const links = items.map((item) => (
    <Link
      key={item.to}
      to={item.to}
      className={classes.link}
      activeProps={{ 'aria-current': 'page', className: `${classes.link} ${classes.active}` }}
      activeOptions={{ exact: item.label === 'Dashboard' }}
      onClick={drawer.close}
    >
      {item.label}
    </Link>
  ));

  return (
    <Group component="nav" aria-label="Main" h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        {isMobile && (
          // Mantine's Burger (size sm) drawn by app-header.module.css: its component and stylesheet were 0.7 KB
          // brotli on every signed-in first load (issue 29, figure 6).
          <button
            type="button"
            className={`mantine-focus-auto ${classes.burger}`}
            onClick={() => {
              setDrawerUsed(true);
              drawer.toggle();
            }}
            aria-label="Open menu"
          >
            <span
              className={classes.burgerLines}
              data-reduce-motion
              data-opened={drawerOpened || undefined}
            />
          </button>
        )}
        <Link to={homePath(permissions)} className={classes.brand}>
          Lading
        </Link>
        {!isMobile && (
          <Group gap={4} wrap="nowrap">
            {links}
            {workspace.length > 0 && <WorkspaceMenu items={workspace} />}
          </Group>
        )}
      </Group>
      <Group gap={isMobile ? 4 : 'sm'} wrap="nowrap">
        {hasOffices && (
          <Suspense fallback={null}>
            <OfficeSwitcher className={classes.office} compact={Boolean(isNarrow)} />
          </Suspense>
        )}
        {can('CP.NOTIFICATION.VIEW') && <NotificationBell />}
        {/* No focus placeholder: axe counts Mantine's focusable placeholder as an invalid child of the menu. */}
        <OnDemandMenu
          position="bottom-end"
          shadow="md"
          width={200}
          withInitialFocusPlaceholder={false}
          target={
            <UnstyledButton className={classes.profile}>
              <ProfileIcon />
              {!isNarrow && <Text size="sm">{name}</Text>}
              <span className="visually-hidden">{isNarrow ? `${name} profile menu` : 'profile menu'}</span>
            </UnstyledButton>
          }
        >
          {(Menu) => (
            <Menu.Dropdown>
              <Menu.Item onClick={() => void navigate({ to: '/app-profile' })}>My Profile</Menu.Item>
              <Menu.Item color="red" onClick={() => void signOut(navigate)}>
                Sign Out
              </Menu.Item>
            </Menu.Dropdown>
          )}
        </OnDemandMenu>
      </Group>
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} links={links} workspace={workspace} />
        </Suspense>
      )}
    </Group>
  );
}
