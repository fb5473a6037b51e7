/** A tracking search kept in the address (`?ref=`), so a result can be linked and comes back with Back. */
export type TrackSearch = { ref?: string };

/** The longest reference the API takes (TrackQuerySchema). */
export const MAX_REF_LENGTH = 40;

/**
 * What of the address is a tracking search: `ref` as one line of text, spaces collapsed; nothing for none, for
 * several lines' worth, or for one longer than the API takes (the box itself takes no more).
 */
export function parseTrackSearch(search: Record<string, unknown>): TrackSearch {
  const raw = search.ref;
  if (typeof raw !== 'string' && typeof raw !== 'number') return {};
  const ref = String(raw).replace(/\s+/g, ' ').trim();
  return ref && ref.length <= MAX_REF_LENGTH ? { ref } : {};
}
