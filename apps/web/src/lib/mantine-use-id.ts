import { useId as useReactId } from 'react';

/**
 * Stands in for `@mantine/hooks`' `useId` (build/mantine-use-id.ts swaps the module): the same ids Mantine starts
 * with (`mantine-` and React's id), kept. Mantine's own hook then replaces its id with a random one in a layout
 * effect, a state update on mount in every input, menu, popover and tooltip: React renders each of them a second
 * time, synchronously, inside the commit of the page's first render (figure 7 of issue 11: that re-render was most of
 * the BL list's longest task after the first paint). React's ids are unique in the page and stable, which is all
 * Mantine uses them for (labels, aria-controls, aria-describedby).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
