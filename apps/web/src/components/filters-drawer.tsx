import type { ReactNode } from 'react';
import { LazyDrawer } from './lazy-drawer';

/**
 * On phones, a list's filters in a drawer from the bottom. Lists load it lazily when the filters button is first
 * pressed (`ListFilters` in list-page.tsx, the BL list): Mantine's drawer stays off their first load. Loaded that
 * way it mounts already open, so it returns the focus to the button itself (`LazyDrawer`).
 */
export function FiltersDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <LazyDrawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="bottom"
      size="auto"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      {children}
    </LazyDrawer>
  );
}
