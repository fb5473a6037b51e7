import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to what had it when a dialog opened, once `opened` turns false (however it closed). For
 * Mantine drawers that are loaded lazily on the first press (give them `returnFocus={false}`): they mount already
 * open, and Mantine's own focus return, which records the focused element when `opened` turns true, never saw it,
 * so closing dropped the focus to the page. The opener is read during render, before the drawer's focus trap moves
 * the focus inside.
 */
export function useReturnFocusOnClose(opened: boolean) {
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(false);
  if (opened && !wasOpened.current) opener.current = document.activeElement;
  wasOpened.current = opened;
  useEffect(() => {
    if (opened || !opener.current) return;
    const element = opener.current;
    opener.current = null;
    if (element instanceof HTMLElement && element.isConnected) element.focus({ preventScroll: true });
  }, [opened]);
}
