import * as v from 'valibot';
import { Text } from './text';

/*
 * A kept list searched, sorted and paged on the server (issue 31 §3): what a device does not keep (closed work orders
 * older than the kept-list rule, contract/kept-lists.ts) is one search away, online. `GET <list>?page=n[&q=][&sort=]`
 * with the list's own filters answers a SearchPage: the page's rows in the list's own shape, and how many match.
 * Without `page` the list answers as before (the spec's array, or a delta page with `since`).
 */

/** Rows of a search page: a few screens of the list. */
export const SEARCH_PAGE_SIZE = 50;
/** The deepest page a search answers: past it, a narrower search is the way on. */
export const MAX_SEARCH_PAGE = 1_000;

export interface SearchPage<Row> {
  rows: Row[];
  /** Rows matching the search and filters in all. */
  total: number;
  page: number;
  pageSize: number;
}

export const searchPageAnswer = <Row>(row: v.GenericSchema<unknown, Row>): v.GenericSchema<unknown, SearchPage<Row>> =>
  v.object({ rows: v.array(row), total: v.number(), page: v.number(), pageSize: v.number() });

/** The query fields every searchable list takes; `sort` names one of the list's sort columns, `-` first for descending. */
export const searchQueryFields = <Sort extends string>(sortColumns: readonly Sort[]) => ({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'page must be a whole number.'),
      v.transform(Number),
      v.minValue(1, 'page must be at least 1.'),
      v.maxValue(MAX_SEARCH_PAGE, `page must be at most ${MAX_SEARCH_PAGE}.`),
    ),
  ),
  q: v.optional(Text(100, { allow: 'string' })),
  sort: v.optional(
    v.picklist(
      sortColumns.flatMap((column) => [column, `-${column}`]),
      `sort must be one of ${sortColumns.join(', ')}, with - first for descending.`,
    ),
  ),
});

/** A sort as the query writes it: the column, descending when `-` comes first. */
export const sortParam = (sort: { columnName: string; direction: 'asc' | 'desc' }) =>
  `${sort.direction === 'desc' ? '-' : ''}${sort.columnName}`;

export const parseSortParam = (sort: string) =>
  sort.startsWith('-') ? { columnName: sort.slice(1), direction: 'desc' as const } : { columnName: sort, direction: 'asc' as const };

/** The words of a search: each must appear somewhere in a row's search text, in any case (as lib/list.ts searches kept rows). */
export const searchWords = (q: string | undefined) => (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
