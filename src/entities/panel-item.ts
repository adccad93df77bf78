import { useEffect, useRef, useState } from 'react';
import { useResolvedTempId } from '../offline/use-outbox';

/*
 * The item an item panel's route names, in the kept record the panel works on (a work order's service or parts item,
 * a parts order's item; spec 3 §2): found by its id or, for an item not sent yet, its temp id, also once the server
 * has given it its own.
 */

/**
 * How long a panel waits for its item to show up again before it returns to the review: when the outbox
 * delivers an item the queued copy leaves the queue a moment before the server's fresh copy arrives.
 */
export const ITEM_GRACE_MS = 2_000;

/** True once `present` has been false for `graceMs` on end (it is reset whenever it is true again). */
export function useGone(present: boolean, graceMs = ITEM_GRACE_MS): boolean {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (present) {
      setGone(false);
      return;
    }
    const timer = setTimeout(() => setGone(true), graceMs);
    return () => clearTimeout(timer);
  }, [present, graceMs]);
  return gone && !present;
}

export type PanelItemState<Item> = { status: 'waiting' } | { status: 'gone' } | { status: 'ready'; item: Item | undefined };

/**
 * The item `itemId` names in `record` (undefined while there is none to work on: the caller says why); `itemId`
 * undefined is an add panel, ready with no item. An item that goes missing for longer than ITEM_GRACE_MS (deleted,
 * or never there) is gone, and the panel returns to the review; until then the last copy found shows.
 */
export function usePanelItemIn<Record, Item>(
  itemId: string | undefined,
  record: Record | undefined,
  find: (record: Record, ids: readonly string[]) => Item | undefined,
): PanelItemState<Item> {
  const resolved = useResolvedTempId(itemId ?? '');
  const ids = [itemId, resolved].filter((id) => id !== undefined).map(String);
  const found = record !== undefined && itemId !== undefined ? find(record, ids) : undefined;
  const last = useRef<Item | undefined>(undefined);
  if (found !== undefined) last.current = found;
  const gone = useGone(record === undefined || itemId === undefined || found !== undefined);
  if (record === undefined) return { status: 'gone' };
  if (itemId === undefined) return { status: 'ready', item: undefined };
  if (gone) return { status: 'gone' };
  const item = found ?? last.current;
  return item === undefined ? { status: 'waiting' } : { status: 'ready', item };
}
