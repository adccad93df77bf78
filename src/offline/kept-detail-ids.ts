import { useCallback, useEffect, useState } from 'react';
import { useOnline } from './use-connection';
import { getOffline } from './runtime';
import { watchStore } from './watch-store';

/**
 * The ids of the records of one kind whose detail is kept on the device (the `entities` table, cached-read.ts),
 * kept current; undefined until read. A list shows "Needs a connection" on the rows that are not among them
 * while the server cannot be reached, before the row is tapped (issue 19).
 */
export function useKeptDetailIds(kind: string): ReadonlySet<string> | undefined {
  const [ids, setIds] = useState<ReadonlySet<string>>();
  useEffect(() => {
    const { db } = getOffline();
    return watchStore(
      db,
      () => db.entities.where('kind').equals(kind).primaryKeys(),
      // The same ids keep the same Set, so that a list does not redraw its rows for every write of the kind.
      (keys) =>
        setIds((current) =>
          current?.size === keys.length && keys.every(([, id]) => current.has(id)) ? current : new Set(keys.map(([, id]) => id)),
        ),
      (error: unknown) => console.error('kept detail ids could not be read', error),
    );
  }, [kind]);
  return ids;
}

/**
 * Whether a record of `kind` (by its kept id) cannot open now: the server cannot be reached and its detail is not kept
 * on the device. What a list asks before it marks a row "Needs a connection"; nothing is marked until the ids are read.
 */
export function useNeedsConnection(kind: string): (id: string) => boolean {
  const online = useOnline();
  const kept = useKeptDetailIds(kind);
  return useCallback((id) => !online && kept !== undefined && !kept.has(id), [online, kept]);
}
