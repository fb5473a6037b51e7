import { MOBILE_WIDTH } from '@lading/contract/app-info';
import { useMediaQuery } from '@mantine/hooks';

/** Section 9's mobile width: at 780 px and below, lists are cards, filters fold into a drawer, rows stack. */
export const PHONE_MEDIA_QUERY = `(max-width: ${MOBILE_WIDTH}px)`;

/** True on phone widths; known on the first render, so a phone never flashes the desktop table. */
export function usePhoneLayout(): boolean {
  const initial = typeof window !== 'undefined' && window.matchMedia(PHONE_MEDIA_QUERY).matches;
  return useMediaQuery(PHONE_MEDIA_QUERY, initial, { getInitialValueInEffect: false });
}
