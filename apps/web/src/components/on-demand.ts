import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Code fetched on the first interaction with what needs it, not with the page: the overlays (menus, popovers, select
 * and typeahead dropdowns, tooltips) and floating-ui, which positions them, are about a quarter of a signed-in first
 * load (issue 11, figure 6). Until then each shows a stand-in that looks the same (the menu's button, the select's
 * input); the first hover, focus, press or key fetches the part (once for the whole app), and the real component
 * takes over from the stand-in, keeping its focus, its typed text and, when it was pressed, opening at once.
 */
export type OnDemandPart<T> = { load: () => Promise<T>; loaded: T | null; pending: Promise<T> | null };

export function onDemand<T>(load: () => Promise<T>): OnDemandPart<T> {
  return { load, loaded: null, pending: null };
}

export function fetchOnDemand<T>(part: OnDemandPart<T>): Promise<T> {
  part.pending ??= part.load().then(
    (loaded) => {
      part.loaded = loaded;
      return loaded;
    },
    (error: unknown) => {
      // A failed fetch (offline, a stale build) is tried again on the next interaction.
      part.pending = null;
      throw error;
    },
  );
  return part.pending;
}

/**
 * What the real component takes over from the stand-in: its focus, whether it was pressed (open at once) and, for an
 * input, the selected text or the caret (text selected before the swap is replaced by what is typed after it).
 */
export type Handoff = { focus: boolean; open: boolean; selection: TextSelection | null };
export type TextSelection = { start: number; end: number; direction: 'forward' | 'backward' | 'none' };

const NO_HANDOFF: Handoff = { focus: false, open: false, selection: null };

function selectionOf(element: HTMLElement): TextSelection | null {
  if (
    !(element instanceof HTMLInputElement) ||
    element.selectionStart === null ||
    element.selectionEnd === null
  )
    return null;
  return {
    start: element.selectionStart,
    end: element.selectionEnd,
    direction: element.selectionDirection ?? 'none',
  };
}

/**
 * The part once it is in (null before), and `request`, for the stand-in's events: `request()` on hover or focus
 * fetches it, `request(true)` on a press or an opening key also opens it when it takes over. A part already fetched
 * (another field, an earlier page) is used from the first render, with nothing to hand off.
 */
export function useOnDemand<T, E extends HTMLElement = HTMLElement>(
  part: OnDemandPart<T>,
): {
  real: T | null;
  handoff: Handoff;
  request: (open?: boolean) => void;
  /**
   * The stand-in's pointerdown and pointerleave: while the pointer is pressed on it, the stand-in stays (a swap
   * between pointerdown and click would lose the click, or let it close what the hand-off opened); its click then
   * calls `request(true)`.
   */
  press: { onPointerDown: () => void; onPointerLeave: () => void };
  standIn: RefObject<E | null>;
  /** True from the moment the stand-in gives way: a blur it gets as it is removed is not the user's. */
  givingWay: RefObject<boolean>;
} {
  const standIn = useRef<E>(null);
  const givingWay = useRef(false);
  // One hand-off per stand-in: a press between the fetch's end and the real component's first render still opens it.
  const handoff = useRef<Handoff>({ ...NO_HANDOFF });
  const pressing = useRef(false);
  const mounted = useRef(true);
  const [state, setState] = useState<{ real: T; handoff: Handoff } | null>(() =>
    part.loaded ? { real: part.loaded, handoff: NO_HANDOFF } : null,
  );
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const request = useCallback(
    (open = false) => {
      if (open) {
        handoff.current.open = true;
        pressing.current = false;
      }
      fetchOnDemand(part).then(
        (real) => {
          if (!mounted.current || givingWay.current || pressing.current) return;
          // Read when the stand-in gives way: the user may have pressed it, or left it, while the part loaded.
          handoff.current.focus = standIn.current !== null && standIn.current === document.activeElement;
          if (handoff.current.focus && standIn.current)
            handoff.current.selection = selectionOf(standIn.current);
          givingWay.current = true;
          // Rendered at once, in this task: a render scheduled for later could fall between a pointerdown on the
          // stand-in and its click, and the click would be lost.
          flushSync(() => setState((current) => current ?? { real, handoff: handoff.current }));
        },
        () => {},
      );
    },
    [part],
  );
  const press = useMemo(
    () => ({
      onPointerDown: () => {
        pressing.current = true;
        request();
      },
      onPointerLeave: () => {
        if (!pressing.current) return;
        pressing.current = false;
        request();
      },
    }),
    [request],
  );
  return {
    real: state?.real ?? null,
    handoff: state?.handoff ?? NO_HANDOFF,
    request,
    press,
    standIn,
    givingWay,
  };
}

/**
 * After taking over: focus the real element when the stand-in had the focus, with the stand-in's selection (the
 * caret after any text when there was none). In a layout effect, in the same task as the stand-in's removal, so no
 * key can land on the page in between; before an opening dropdown moves the focus into itself (which then returns
 * it here on close).
 */
export function useTakeFocus<E extends HTMLElement>(take: boolean, selection: TextSelection | null = null) {
  const ref = useRef<E>(null);
  const atMount = useRef({ take, selection });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!atMount.current.take || !element) return;
    // Once: an effect run again (StrictMode in development, a Suspense boundary showing its content again) must not
    // take the focus back or put back a selection since changed.
    atMount.current.take = false;
    element.focus();
    // Only text-like inputs have a selection (an email or number input throws on setSelectionRange).
    if (!(element instanceof HTMLInputElement) || element.readOnly || element.selectionStart === null) return;
    const length = element.value.length;
    const handed = atMount.current.selection;
    if (handed)
      element.setSelectionRange(
        Math.min(handed.start, length),
        Math.min(handed.end, length),
        handed.direction,
      );
    else element.setSelectionRange(length, length);
  }, []);
  return ref;
}

/**
 * The props that make a button the stand-in of a menu or popover it opens (`aria-haspopup`, closed): hover and focus
 * fetch the part, a press opens it as soon as it is in.
 */
export function openerProps<E extends HTMLElement>(
  {
    request,
    press,
    standIn,
  }: Pick<ReturnType<typeof useOnDemand<unknown, E>>, 'request' | 'press' | 'standIn'>,
  popup: 'menu' | 'dialog',
) {
  return {
    ref: standIn,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: () => request(),
    onFocus: () => request(),
    ...press,
    onClick: () => request(true),
  };
}
