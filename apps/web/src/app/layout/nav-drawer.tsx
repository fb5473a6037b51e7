import { Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LazyDrawer } from '../../components/lazy-drawer';
import classes from './app-header.module.css';
import type { NavItem } from './nav-items';

/**
 * The phone's menu (a drawer with the header's links and the workspace's screens). The header loads it lazily when
 * the burger is first pressed: Mantine's drawer (modal base, scroll lock, scroll area) stays off the first load.
 * Loaded that way it mounts already open, so it returns the focus to the burger itself (`LazyDrawer`).
 */
export function NavDrawer({
  opened,
  onClose,
  links,
  workspace,
}: {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  workspace: NavItem[];
}) {
  return (
    <LazyDrawer opened={opened} onClose={onClose} title="Menu" size="xs">
      <Stack gap="xs">
        {links}
        {workspace.length > 0 && (
          <Stack gap="xs" component="section" aria-labelledby="drawer-workspace-title">
            <Text id="drawer-workspace-title" size="xs" fw={700} tt="uppercase" c="dimmed" mt="sm">
              Workspace
            </Text>
            {workspace.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={classes.link}
                activeProps={{ 'aria-current': 'page', className: `${classes.link} ${classes.active}` }}
                onClick={onClose}
              >
                {item.label}
              </Link>
            ))}
          </Stack>
        )}
      </Stack>
    </LazyDrawer>
  );
}
