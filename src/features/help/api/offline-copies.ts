import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { DocumentCopy } from '../../../offline/db';
import { listDocumentCopies, pruneDocuments } from '../../../offline/documents';
import { getOffline } from '../../../offline/runtime';
import { HELP_LIBRARY } from './get-help-pdf';

const NONE: ReadonlyMap<number, DocumentCopy> = new Map();

/** The help documents kept on this device, by documentId, kept current as copies are stored or removed. */
export function useHelpCopies(): ReadonlyMap<number, DocumentCopy> {
  const [copies, setCopies] = useState(NONE);
  useEffect(() => {
    const subscription = liveQuery(() => listDocumentCopies(getOffline().db, HELP_LIBRARY)).subscribe({
      next: (rows) => setCopies(new Map(rows.map((copy) => [Number(copy.id), copy]))),
      error: (error: unknown) => console.error('reading the stored help documents failed', error),
    });
    return () => subscription.unsubscribe();
  }, []);
  return copies;
}

/** Drops the copies of documents the server no longer lists. */
export const pruneHelpCopies = (listedIds: readonly number[]) =>
  pruneDocuments(getOffline().db, HELP_LIBRARY, listedIds.map(String)).catch((error: unknown) => {
    console.error('removing old help documents failed', error);
    return 0;
  });
