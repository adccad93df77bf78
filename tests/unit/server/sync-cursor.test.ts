import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type CursorState } from '../../../src/server/sync/cursor';

/* The cursor a device carries between pages of a list (server/sync/cursor.ts), with a download's part (issue 31). */

const scope = 'abcdefghijklmnop';
const tag = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('a sync cursor', () => {
  it.each<CursorState>([
    { scope, xid: 4242, id: 7 },
    { scope, xid: 4242, id: 0, keptFrom: '2026-11-01' },
    { scope, xid: 0, id: 0, part: 'open', keptBelow: 9000 },
    { scope, xid: 88, id: 1201, part: 'closed', keptBelow: 9000, keptFrom: '2026-02-28' },
  ])('reads back what it wrote: %o', (state) => {
    expect(decodeCursor(encodeCursor(state))).toEqual(state);
  });

  it('does not follow a download’s horizon without its part (an older release’s), nor a part without a horizon', () => {
    expect(decodeCursor(tag(`${scope}.88.1201.9000.`))).toBeUndefined();
    expect(decodeCursor(tag(`${scope}.88.1201..20261101.o`))).toBeUndefined();
    expect(decodeCursor(tag(`${scope}.88.1201.9000..x`))).toBeUndefined();
  });

  it('refuses a day that is not one', () => {
    expect(decodeCursor(tag(`${scope}.88.1201..20260230`))).toBeUndefined();
    expect(decodeCursor(tag(`${scope}.88.1201..20261101`))).toEqual({ scope, xid: 88, id: 1201, keptFrom: '2026-11-01' });
  });
});
