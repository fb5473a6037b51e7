import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// ---- accent- and case-insensitive search text ------------------------------------------------------------------

/**
 * Latin letters with diacritics (Latin-1 Supplement, Extended-A/B, Extended Additional) and their plain ASCII
 * letter. PGlite has no `unaccent`, so search columns fold with the built-in, immutable `translate()` instead;
 * the same expression folds the search term, so both sides always agree.
 */
const SPECIAL_LETTERS: Record<string, string> = {
  Æ: 'A',
  æ: 'a',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'T',
  þ: 't',
  ß: 's',
  Ł: 'L',
  ł: 'l',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Œ: 'O',
  œ: 'o',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
};

function buildFoldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const ranges: [number, number][] = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges) {
    for (let codePoint = start; codePoint <= end; codePoint++) {
      const letter = String.fromCodePoint(codePoint);
      const base = SPECIAL_LETTERS[letter] ?? letter.normalize('NFD')[0] ?? '';
      if (/^[A-Za-z]$/.test(base)) {
        from += letter;
        to += base;
      }
    }
  }
  return { from, to };
}

const FOLD = buildFoldTable();
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `lower(translate(value, <accented>, <plain>))`: the folded form stored in every `search_*` column (a stored
 * generated column, so reads never run it). Never for a search term: see `foldedTerm`.
 */
export function foldedSql(value: SQL | AnyPgColumn): SQL {
  return sql`lower(translate(${value}, ${sql.raw(quote(FOLD.from))}, ${sql.raw(quote(FOLD.to))}))`;
}

const FOLD_TO = [...FOLD.to];
const FOLD_MAP = new Map([...FOLD.from].map((letter, i) => [letter, FOLD_TO[i]!]));

/**
 * `translate(text, <accented>, <plain>)` done here, with the same table and the same meaning as PostgreSQL's
 * (each listed letter replaced by its plain letter, everything else kept).
 */
export function foldLetters(text: string): string {
  let out = '';
  for (const letter of text) out += FOLD_MAP.get(letter) ?? letter;
  return out;
}

/**
 * A search term folded as the `search_*` columns are: its letters folded here (`foldLetters`), lower-cased by the
 * database (`lower($n)`, so the database's own case rules apply to both sides). Not `foldedSql(term)`: in the
 * generic plan PostgreSQL switches a prepared statement to after five runs, nothing is folded at planning time, and
 * `translate()` over ~500 letters of a parameter ran once per row the scan read (the port typeahead went from
 * about 1 ms to 15–26 ms on the seeded ports; issue 29, `search-generic-plans.test.ts`). `lower()` of a short
 * parameter per row is cheap. Prepared queries pass `foldLetters(term)` as the placeholder's value and use
 * `foldedParam(placeholder)`.
 */
export function foldedTerm(term: string): SQL {
  return foldedParam(sql`${foldLetters(term)}`);
}

/** `lower(<value>)` of a term already folded by `foldLetters` (a prepared query's placeholder). */
export function foldedParam(value: unknown): SQL {
  return sql`lower(${value})`;
}

/**
 * A user's search term as `like` pattern text: `\`, `%` and `_` are taken literally (the pattern's own `%` are
 * added by the query). Callers lower-case or fold it as their column is stored.
 */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
