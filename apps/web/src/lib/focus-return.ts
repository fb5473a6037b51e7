import { useCallback, useEffect, useRef } from 'react';

/**
 * Gives the focus back to what had it when a dialog opened, once `opened` turns false (however it closed). For
 * Mantine drawers and modals that are loaded lazily on the first press (give them `returnFocus={false}`): they mount
 * already open, and Mantine's own focus return, which records the focused element when `opened` turns true, never saw
 * it, so closing dropped the focus to the page. The opener is read during render, before the dialog's focus trap
 * moves the focus inside.
 *
 * Answers a callback for the dialog's `onExitTransitionEnd`: when an Escape came while the dialog was still opening
 * on a busy machine, the focus trap's deferred first focus could land inside it after the focus went back, and then
 * fall to the page as the dialog unmounted; once the dialog is gone, the callback puts it back on the opener.
 */
export function useReturnFocusOnClose(opened: boolean): () => void {
  const opener = useRef<Element | null>(null);
  const returnedTo = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  if (opened && !wasOpened.current) opener.current = document.activeElement;
  wasOpened.current = opened;
  useEffect(() => {
    if (opened || !opener.current) return;
    const element = opener.current;
    opener.current = null;
    if (element instanceof HTMLElement && element.isConnected) {
      element.focus({ preventScroll: true });
      returnedTo.current = element;
    }
  }, [opened]);
  return useCallback(() => {
    const element = returnedTo.current;
    returnedTo.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && lost) element.focus({ preventScroll: true });
  }, []);
}
