import { createHash } from 'node:crypto';
import type { SyncSource } from './source';

/* Positions in a synced list and the cursors that carry them to the device (why transaction ids: delta.ts). */

/** The position of a row: its writing transaction, then its id. */
export interface Position {
  xid: number;
  id: number;
}

export const START: Position = { xid: 0, id: 0 };

/** Bump when the rows' JSON changes shape: every device then downloads its lists afresh. */
const SYNC_FORMAT = 2;

/** Which list and scope a cursor belongs to: a cursor of another is not followed. */
export const fingerprint = (source: Pick<SyncSource<unknown>, 'table' | 'scope'>) =>
  createHash('sha256')
    .update(JSON.stringify([SYNC_FORMAT, source.table, ...source.scope]))
    .digest('base64url')
    .slice(0, 16);

export interface CursorState extends Position {
  scope: string;
}

/** Longer than any cursor encodeCursor makes: a longer tag is not decoded. */
export const MAX_CURSOR_CHARS = 400;

export function encodeCursor(state: CursorState): string {
  return Buffer.from(`${state.scope}.${state.xid}.${state.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): CursorState | undefined {
  const match = /^([A-Za-z0-9_-]{16})\.(\d{1,18})\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const xid = Number(match[2]);
  const id = Number(match[3]);
  return Number.isSafeInteger(xid) && Number.isSafeInteger(id) ? { scope: match[1]!, xid, id } : undefined;
}
