import type { CSSProperties, ReactNode } from 'react';
import { formatDate } from '../../lib/date-format';
import type { ListValue } from '../../lib/list';
import { DEFAULT_TRACK, leastWidthProperties } from './column-fold';
import type { DataListColumn } from './types';

/** A cell without a render of its own: the column's value as text (dates MM/DD/YYYY, booleans Yes/No). */
export function defaultCell(value: ListValue): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** The grid the header and every row share: one track per shown column, and the table's least width (their minimums). */
export function columnGrid<Row>(columns: readonly DataListColumn<Row>[]) {
  const tracks = columns.map((column) => column.width ?? DEFAULT_TRACK);
  // Narrower than the tracks' minimums (when nothing more can fold), the table scrolls sideways (header and rows together).
  return { gridTemplateColumns: tracks.join(' '), tableStyle: leastWidthProperties(tracks) as CSSProperties };
}
