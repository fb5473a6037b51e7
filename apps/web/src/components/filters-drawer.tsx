import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * On phones, a list's filters in a drawer from the bottom. Lists load it lazily when the filters button is first
 * pressed (`ListFilters` in list-page.tsx, the BL list): Mantine's drawer stays off their first load.
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
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="bottom"
      size="auto"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      {children}
    </Drawer>
  );
}
