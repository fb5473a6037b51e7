/**
 * A screen's search kept in the address, read by one small parser per route (`validateSearch`, in the router's
 * first load, so kept short): each parameter has a kind, and only a value of that kind's shape is kept, upper-cased.
 *
 * - `locode`: a UN/LOCODE ("INNSA");
 * - `day`: a day, YYYY-MM-DD;
 * - `id`: a record's id, a positive whole number (at most nine digits);
 * - `flag`: 0 or 1.
 */
const SHAPES = {
  locode: /^[A-Z]{2}[A-Z0-9]{3}$/,
  day: /^\d{4}-\d\d-\d\d$/,
  id: /^[1-9]\d{0,8}$/,
  flag: /^[01]$/,
};
type Kind = keyof typeof SHAPES;
type ValueOf<K extends Kind> = K extends 'id' ? number : K extends 'flag' ? 0 | 1 : string;

/** The parser of a search with these parameters: what has the right shape, nothing else. */
export function searchParser<S extends Record<string, Kind>>(kinds: S) {
  return (search: Record<string, unknown>) => {
    const kept: Record<string, string | number> = {};
    for (const name in kinds) {
      const kind = kinds[name] as Kind;
      const text = String(search[name] ?? '')
        .trim()
        .toUpperCase();
      if (SHAPES[kind].test(text)) kept[name] = kind === 'id' || kind === 'flag' ? Number(text) : text;
    }
    return kept as { [P in keyof S]?: ValueOf<S[P]> };
  };
}
