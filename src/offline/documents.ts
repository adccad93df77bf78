import type { DocumentCopy, OfflineDb } from './db';

/*
 * Documents kept for offline reading (ARCHITECTURE: Offline — help PDFs once opened stay readable).
 * A document is two rows under one key: its description in documentCopies and its bytes in
 * documentFiles, written and removed together, so that listing what is on the device never reads a file.
 */

export interface StoredDocument {
  copy: DocumentCopy;
  data: ArrayBuffer;
}

export type DocumentDescription = Omit<DocumentCopy, 'storedAt'>;

/** Stores (or replaces) a document and its bytes; returns the copy as stored. */
export async function storeDocument(
  db: OfflineDb,
  description: DocumentDescription,
  data: ArrayBuffer,
  now = Date.now(),
): Promise<DocumentCopy> {
  const copy: DocumentCopy = { ...description, size: data.byteLength, storedAt: now };
  await db.withReopen(() =>
    db.transaction('rw', db.documentCopies, db.documentFiles, async () => {
      await db.documentCopies.put(copy);
      await db.documentFiles.put({ kind: copy.kind, id: copy.id, data });
    }),
  );
  return copy;
}

/** The stored document, or undefined when there is none (or only half of one, which is then removed). */
export async function readDocument(db: OfflineDb, kind: string, id: string): Promise<StoredDocument | undefined> {
  const [copy, file] = await db.withReopen(() =>
    db.transaction('r', db.documentCopies, db.documentFiles, () =>
      Promise.all([db.documentCopies.get([kind, id]), db.documentFiles.get([kind, id])]),
    ),
  );
  if (copy && file) return { copy, data: file.data };
  if (copy || file) await removeDocument(db, kind, id);
  return undefined;
}

/** What is stored of one library, without the bytes (read in a live query: ./watch-store.ts reopens a lost store). */
export const listDocumentCopies = (db: OfflineDb, kind: string): Promise<DocumentCopy[]> =>
  db.documentCopies.where('kind').equals(kind).toArray();

export async function removeDocument(db: OfflineDb, kind: string, id: string): Promise<void> {
  await db.withReopen(() =>
    db.transaction('rw', db.documentCopies, db.documentFiles, async () => {
      await db.documentCopies.delete([kind, id]);
      await db.documentFiles.delete([kind, id]);
    }),
  );
}

/** Removes the stored documents of a library that the server no longer lists; returns how many went. */
export async function pruneDocuments(db: OfflineDb, kind: string, listedIds: readonly string[]): Promise<number> {
  const listed = new Set(listedIds);
  const gone = (await db.withReopen(() => db.documentCopies.where('kind').equals(kind).primaryKeys())).filter(([, id]) => !listed.has(id));
  if (gone.length === 0) return 0;
  await db.withReopen(() =>
    db.transaction('rw', db.documentCopies, db.documentFiles, async () => {
      await db.documentCopies.bulkDelete(gone);
      await db.documentFiles.bulkDelete(gone);
    }),
  );
  return gone.length;
}
