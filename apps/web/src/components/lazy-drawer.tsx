import { Drawer, type DrawerProps } from '@mantine/core';
import { useReturnFocusOnClose } from '../lib/focus-return';

/**
 * Mantine's drawer for a module loaded lazily on the first press (the phone's menu, a list's filters): it mounts
 * already open, so it gives the focus back to its opener itself (`useReturnFocusOnClose`), also after the closing
 * transition, instead of Mantine's own return, which never saw the opener.
 */
export function LazyDrawer(props: Omit<DrawerProps, 'returnFocus' | 'onExitTransitionEnd'>) {
  const afterClose = useReturnFocusOnClose(props.opened);
  return <Drawer {...props} returnFocus={false} onExitTransitionEnd={afterClose} />;
}
