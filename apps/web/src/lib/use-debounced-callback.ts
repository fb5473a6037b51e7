import { useCallback, useEffect, useRef } from 'react';

/**
 * `callback` run `delay` ms after the last call, with that call's arguments (the latest `callback` rendered); a call
 * still waiting when the component unmounts is dropped. What the list screens' text filters need of Mantine's hook
 * of the same name, without its leading calls, maximum wait and flush: a third of its size, on the BL list's first
 * load (issue 11, figure #6).
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): (...args: Args) => void {
  const latest = useRef(callback);
  const timer = useRef(0);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), delay);
    },
    [delay],
  );
}
