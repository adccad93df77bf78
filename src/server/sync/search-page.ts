import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_PAGE_SIZE, parseSortParam, searchWords, type SearchPage } from '../../contract';

/*
 * A kept list searched, sorted and paged on the server (issue 31 §3, contract/list-search.ts): the parts every list's
 * search shares. Each list brings its search text (what its rows show, lower-cased), its sort keys and its filters.
 */

/** A word as a LIKE pattern that finds it anywhere: its own % and _ are meant literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Every word of `q` somewhere in `text` (lower-cased SQL), in any case, as lib/list.ts searches kept rows. */
export const matchingWords = (text: SQL, q: string | undefined): SQL[] =>
  searchWords(q).map((word) => sql`${text} like ${containing(word)}`);

/** The sort keys of each of a list's sort columns, in the order the kept list compares them. */
export type SortKeys<Name extends string> = Record<Name, (AnyPgColumn | SQL)[]>;

/** The order of `sort` (`-` first for descending, `fallback` when none): blanks last either way, as the kept list sorts them; newest first among equals. */
export function searchOrder<Name extends string>(keys: SortKeys<Name>, sort: string | undefined, fallback: string, id: AnyPgColumn) {
  const { columnName, direction } = parseSortParam(sort ?? fallback);
  const by = keys[columnName as Name].map((key) => (direction === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`));
  return [...by, desc(id)];
}

/** One page of a search: `read(limit, offset)` in the search's order, and `matching()` rows in all. */
export async function searchPage<Source, Row>(
  page: number | undefined,
  read: (limit: number, offset: number) => PromiseLike<Source[]>,
  matching: () => PromiseLike<number>,
  toRow: (source: Source) => Row,
): Promise<SearchPage<Row>> {
  const current = page ?? 1;
  // Side by side where the database can (a pool): on a million-row scope each is a scan of its own.
  const [rows, total] = await Promise.all([read(SEARCH_PAGE_SIZE, (current - 1) * SEARCH_PAGE_SIZE), matching()]);
  return { rows: rows.map(toRow), total, page: current, pageSize: SEARCH_PAGE_SIZE };
}
