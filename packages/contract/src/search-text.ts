// Local filtering (specification section 5: commodity typeahead over the loaded HS list), free of zod so the web's
// typeaheads do not bring the reference-data schemas (and zod) into a screen's first load.

/** Lower case without diacritics, so "São" matches "sao" and "SAO". */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The items whose text contains the term as a case- and accent-insensitive substring, in their given order. */
export function filterBySubstring<T>(
  items: readonly T[],
  term: string,
  getText: (item: T) => string,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const needle = foldSearchText(term.trim());
  if (!needle) return [];
  const found: T[] = [];
  for (const item of items) {
    if (foldSearchText(getText(item)).includes(needle)) {
      found.push(item);
      if (found.length >= limit) break;
    }
  }
  return found;
}
