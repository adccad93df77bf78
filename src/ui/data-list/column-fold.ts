import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/*
 * Columns that fold (issue 21 §9): a list narrower than its columns' least widths (a tablet in landscape beside the
 * side navigation) moves its least needed columns, those that declare a `foldOrder`, out of the grid into a line
 * under each row, one at a time until the rest fit. Nothing scrolls sideways, and the columns that stay (the row's
 * name and its actions) stay inside the window.
 */

export interface FoldableColumn {
  columnName: string;
  /** A CSS grid track; 'minmax(0, 1fr)' unless given. */
  width?: string;
  /** The order in which the column folds under the row when the list is too narrow (1 first); never without it. */
  foldOrder?: number;
}

export const DEFAULT_TRACK = 'minmax(0, 1fr)';

/** The least width a track can have: a fixed length, or the minimum of a minmax(); fr and auto tracks can shrink to 0. */
function trackMinimum(track: string): string {
  const minimum = /^minmax\(\s*([^,]+?)\s*,/.exec(track)?.[1] ?? track;
  // A bare 0 is no length inside calc() (it would void the whole sum).
  return /fr|auto|content/.test(minimum) || parseFloat(minimum) === 0 ? '0px' : minimum;
}

/**
 * The custom properties from which the stylesheet computes a row's least width (.data-list__head, __viewport and
 * __width-probe in ui-kit.css): the sum of the tracks' least widths and their count (for the gaps).
 */
export function leastWidthProperties(tracks: readonly string[]): Record<'--data-list-tracks-min' | '--data-list-column-count', string> {
  return {
    '--data-list-tracks-min': `calc(${tracks.map(trackMinimum).join(' + ') || '0px'})`,
    '--data-list-column-count': String(tracks.length),
  };
}

/** The columns that stay in the grid and those folded under the row when the first `count` of the fold order are folded; both in column order. */
export function splitColumns<Column extends FoldableColumn>(
  columns: readonly Column[],
  count: number,
): { shown: Column[]; folded: Column[] } {
  const folding = new Set(foldSequence(columns).slice(0, count));
  return { shown: columns.filter((column) => !folding.has(column)), folded: columns.filter((column) => folding.has(column)) };
}

/** The columns that may fold, in the order they fold (equal orders in column order). */
export function foldSequence<Column extends FoldableColumn>(columns: readonly Column[]): Column[] {
  return columns.filter((column) => column.foldOrder !== undefined).sort((a, b) => (a.foldOrder ?? 0) - (b.foldOrder ?? 0));
}

/**
 * How many columns to fold: the fewest for which the shown columns fit `available` px. `leastWidths[n]` is the least
 * width of the row with n columns folded. When even all folded do not fit, all fold (the rest scrolls sideways).
 */
export function foldCount(leastWidths: readonly number[], available: number): number {
  const fitting = leastWidths.findIndex((width) => width <= available + 0.5);
  return fitting === -1 ? Math.max(leastWidths.length - 1, 0) : fitting;
}

/** The least widths (px) of the rows with 0, 1, 2… columns folded, as the stylesheet resolves them inside `table`. */
function measureLeastWidths(table: HTMLElement, columns: readonly FoldableColumn[]): number[] {
  const levels = foldSequence(columns).length + 1;
  const probes = Array.from({ length: levels }, (_, count) => {
    const probe = document.createElement('div');
    probe.className = 'data-list__width-probe';
    probe.setAttribute('aria-hidden', 'true');
    const properties = leastWidthProperties(splitColumns(columns, count).shown.map((column) => column.width ?? DEFAULT_TRACK));
    for (const [name, value] of Object.entries(properties)) probe.style.setProperty(name, value);
    table.append(probe);
    return probe;
  });
  const widths = probes.map((probe) => probe.getBoundingClientRect().width);
  for (const probe of probes) probe.remove();
  return widths;
}

/**
 * The columns shown in the grid and those folded under each row, for the width `table` has now; it follows the table
 * as it is resized. Nothing folds while `enabled` is false (phones and cards lay rows out otherwise) or while the table
 * has no width (not laid out).
 */
export function useColumnFold<Column extends FoldableColumn>(
  columns: readonly Column[],
  tableRef: RefObject<HTMLElement | null>,
  enabled: boolean,
) {
  const [count, setCount] = useState(0);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const foldable = foldSequence(columns).length > 0;
  // The columns are often made anew on every render: measure again only when their tracks or fold order change.
  const signature = columns.map((column) => `${column.columnName}:${column.width ?? ''}:${column.foldOrder ?? ''}`).join('|');

  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || !enabled || !foldable) {
      setCount(0);
      return;
    }
    const measure = () => {
      const available = table.clientWidth;
      setCount(available > 0 ? foldCount(measureLeastWidths(table, columnsRef.current), available) : 0);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, [tableRef, enabled, foldable, signature]);

  return splitColumns(columns, enabled ? count : 0);
}
