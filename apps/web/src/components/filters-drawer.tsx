import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocusOnClose } from '../lib/focus-return';

/**
 * On phones, a list's filters in a drawer from the bottom. Lists load it lazily when the filters button is first
 * pressed (`ListFilters` in list-page.tsx, the BL list): Mantine's drawer stays off their first load. Loaded that
 * way it mounts already open, so it returns the focus to the button itself (`useReturnFocusOnClose`).
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
  const afterClose = useReturnFocusOnClose(opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="bottom"
      size="auto"
      returnFocus={false}
      onExitTransitionEnd={afterClose}
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      {children}
    </Drawer>
  );
}
