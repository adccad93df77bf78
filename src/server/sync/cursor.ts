import { createHash } from 'node:crypto';
import { isRealDay } from '../../contract/days';
import type { CursorState, KeptPart, Position, SyncSource } from './types';

export type { CursorState, KeptPart, Position } from './types';

/* Positions in a synced list and the cursors that carry them to the device (why transaction ids: delta.ts). */

export const START: Position = { xid: 0, id: 0 };

/** Bump when the rows' JSON changes shape: every device then downloads its lists afresh. */
const SYNC_FORMAT = 3;

/** Which list and scope a cursor belongs to: a cursor of another is not followed. */
export const fingerprint = (source: Pick<SyncSource<unknown>, 'table' | 'scope'>) =>
  createHash('sha256')
    .update(JSON.stringify([SYNC_FORMAT, source.table, ...source.scope]))
    .digest('base64url')
    .slice(0, 16);

/** Longer than any cursor encodeCursor makes: a longer tag is not decoded. */
export const MAX_CURSOR_CHARS = 400;

const PART_LETTERS = { open: 'o', closed: 'c' } as const satisfies Record<KeptPart, string>;

/** scope.xid.id, then .keptBelow.keptFrom (YYYYMMDD; either may be empty) when either is set, and .o or .c in a part. */
export function encodeCursor(state: CursorState): string {
  const part = state.part === undefined ? '' : `.${PART_LETTERS[state.part]}`;
  const kept =
    state.keptBelow === undefined && state.keptFrom === undefined
      ? ''
      : `.${state.keptBelow ?? ''}.${state.keptFrom?.replaceAll('-', '') ?? ''}${part}`;
  return Buffer.from(`${state.scope}.${state.xid}.${state.id}${kept}`, 'utf8').toString('base64url');
}

/** The cursor a tag carries, or undefined. A download's horizon without its part (an older release's) is not followed. */
export function decodeCursor(text: string): CursorState | undefined {
  const match = /^([A-Za-z0-9_-]{16})\.(\d{1,18})\.(\d{1,10})(?:\.(\d{1,18})?\.(\d{8})?(?:\.([oc]))?)?$/.exec(
    Buffer.from(text, 'base64url').toString('utf8'),
  );
  if (!match) return undefined;
  const [xid, id, keptBelow] = [match[2], match[3], match[4]].map((part) => (part === undefined ? undefined : Number(part)));
  if (!Number.isSafeInteger(xid) || !Number.isSafeInteger(id) || (keptBelow !== undefined && !Number.isSafeInteger(keptBelow)))
    return undefined;
  const part = match[6] === undefined ? undefined : match[6] === 'o' ? 'open' : 'closed';
  if ((part === undefined) !== (keptBelow === undefined)) return undefined;
  const day = match[5];
  const keptFrom = day === undefined ? undefined : `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
  if (keptFrom !== undefined && !isRealDay(keptFrom)) return undefined;
  return {
    scope: match[1]!,
    xid: xid!,
    id: id!,
    ...(part === undefined ? {} : { part, keptBelow }),
    ...(keptFrom === undefined ? {} : { keptFrom }),
  };
}
