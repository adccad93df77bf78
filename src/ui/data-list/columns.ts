import type { CSSProperties, ReactNode } from 'react';
import { formatDate } from '../../lib/dates';
import type { ListValue } from '../../lib/list';
import type { DataListColumn } from './types';

/** A cell without a render of its own: the column's value as text (dates MM/DD/YYYY, booleans Yes/No). */
export function defaultCell(value: ListValue): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** The least width a track can have: a fixed length, or the minimum of a minmax(); fr and auto tracks can shrink to 0. */
function trackMinimum(track: string): string {
  const minimum = /^minmax\(\s*([^,]+?)\s*,/.exec(track)?.[1] ?? track;
  // A bare 0 is no length inside calc() (it would void the whole sum).
  return /fr|auto|content/.test(minimum) || parseFloat(minimum) === 0 ? '0px' : minimum;
}

/** The grid the header and every row share: one track per column, and the table's least width (the columns' minimums). */
export function columnGrid<Row>(columns: readonly DataListColumn<Row>[]) {
  const tracks = columns.map((column) => column.width ?? 'minmax(0, 1fr)');
  // Narrower than the tracks' minimums, the table scrolls sideways (header and rows together).
  const tableStyle = {
    '--data-list-tracks-min': `calc(${tracks.map(trackMinimum).join(' + ')})`,
    '--data-list-column-count': columns.length,
  } as CSSProperties;
  return { gridTemplateColumns: tracks.join(' '), tableStyle };
}
