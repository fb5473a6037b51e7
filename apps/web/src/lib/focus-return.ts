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
 * fall to the page as the dialog unmounted. The callback puts it back on the opener when it fell to the page, or when
 * it still sits inside the closed dialog (the callback runs before the dialog unmounts).
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
    if (!element?.isConnected) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body || inClosedDialog(active, element);
    if (lost) element.focus({ preventScroll: true });
  }, []);
}

/**
 * The focus sits in a dialog that does not hold the opener: at the end of the closing transition that is the dialog
 * that closed, still in the document, where the trap's deferred first focus landed; it would fall to the page as the
 * dialog unmounts. (A control the user moved the focus to is outside it, or in the dialog that holds the opener.)
 */
function inClosedDialog(active: Element, opener: HTMLElement): boolean {
  if (active === opener) return false;
  const dialog = active.closest('[role="dialog"]');
  return dialog !== null && !dialog.contains(opener);
}
