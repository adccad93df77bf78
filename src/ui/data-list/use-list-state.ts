import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { LIST_PAGE_SIZE, nextSort, SEARCH_DEBOUNCE_MS, type SortState } from '../../lib/list';
import type { DataListProps } from './types';

/** Keeps the text the user types and hands it on after SEARCH_DEBOUNCE_MS without typing (spec 1 §9). */
function useDebouncedSearch(applied: string, apply: (value: string) => void) {
  const [text, setText] = useState(applied);
  const pending = useRef(false);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      pending.current = false;
      applyRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // A search set from outside (a reset, the URL) shows in the box unless the user is typing.
  useEffect(() => {
    if (!pending.current) setText(applied);
  }, [applied]);
  return [
    text,
    (value: string) => {
      pending.current = true;
      setText(value);
    },
  ] as const;
}

/**
 * The list's search and sort, each controlled when its prop is given (the screen keeps it, e.g. in the URL) and kept
 * here otherwise, and how many rows of in-memory data are shown. A new search or sort starts again from the top with
 * the first page.
 */
export function useListState<Row>(props: DataListProps<Row>, scrollRef: RefObject<HTMLDivElement | null>) {
  const [innerSearch, setInnerSearch] = useState('');
  const search = props.search ?? innerSearch;
  const [innerSort, setInnerSort] = useState<SortState | null>(props.defaultSort ?? null);
  const sort = props.sort !== undefined ? props.sort : innerSort;
  const [shownCount, setShownCount] = useState(LIST_PAGE_SIZE);

  const resetView = () => {
    setShownCount(LIST_PAGE_SIZE);
    scrollRef.current?.scrollTo?.({ top: 0 });
  };

  const applySearch = (value: string) => {
    if (value === search) return;
    resetView();
    if (props.search === undefined) setInnerSearch(value);
    props.onSearchChange?.(value);
  };
  const [searchBoxText, setSearchBoxText] = useDebouncedSearch(search, applySearch);

  const changeSort = (columnName: string) => {
    const next = nextSort(sort, columnName);
    resetView();
    if (props.sort === undefined) setInnerSort(next);
    props.onSortChange?.(next);
  };

  const showMore = useCallback(() => setShownCount((count) => count + LIST_PAGE_SIZE), []);

  return { search, sort, shownCount, showMore, searchBoxText, setSearchBoxText, changeSort };
}
