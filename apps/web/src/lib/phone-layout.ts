import { MOBILE_WIDTH } from '@lading/contract/app-info';
import { useMediaQuery } from '@mantine/hooks';

/** Section 9's mobile width: at 780 px and below, lists are cards, filters fold into a drawer, rows stack. */
export const PHONE_MEDIA_QUERY = `(max-width: ${MOBILE_WIDTH}px)`;

/**
 * Whether a media query matches, known on the first render: no render with the wrong answer first, and no second
 * render on mount (Mantine's default reads the query in an effect, then renders again).
 */
export function useMediaMatch(query: string): boolean {
  const initial = typeof window !== 'undefined' && window.matchMedia(query).matches;
  return useMediaQuery(query, initial, { getInitialValueInEffect: false });
}

/** True on phone widths; known on the first render, so a phone never flashes the desktop table. */
export function usePhoneLayout(): boolean {
  return useMediaMatch(PHONE_MEDIA_QUERY);
}
