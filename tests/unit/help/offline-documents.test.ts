import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openOfflineDb, type DocumentCopy } from '../../../src/offline/db';
import {
  listDocumentCopies,
  pruneDocuments,
  readDocument,
  removeDocument,
  storeDocument,
  type DocumentDescription,
} from '../../../src/offline/documents';
import { freshDb } from '../offline/helpers';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const text = (data: ArrayBuffer) => new TextDecoder().decode(data);

const description = (id: string, etag = `etag-${id}`): DocumentDescription => ({
  kind: 'help',
  id,
  displayName: `Guide ${id}`,
  contentType: 'application/pdf',
  size: 0,
  etag,
  updatedAt: 1_700_000_000_000,
});

describe('offline document store', () => {
  it('stores a document with its bytes and reads both back', async () => {
    const db = freshDb();
    const copy = await storeDocument(db, description('1'), bytes('%PDF-1.7 first'), 1_000);
    expect(copy).toMatchObject({ kind: 'help', id: '1', size: 14, storedAt: 1_000, etag: 'etag-1' });
    const stored = await readDocument(db, 'help', '1');
    expect(stored?.copy).toEqual(copy);
    expect(text(stored!.data)).toBe('%PDF-1.7 first');
    expect(await readDocument(db, 'help', '2')).toBeUndefined();
  });

  it('replaces a document stored again (a newer version), keeping one copy', async () => {
    const db = freshDb();
    await storeDocument(db, description('1', 'old'), bytes('old bytes'), 1_000);
    await storeDocument(db, description('1', 'new'), bytes('new bytes!'), 2_000);
    const stored = await readDocument(db, 'help', '1');
    expect(stored?.copy).toMatchObject({ etag: 'new', storedAt: 2_000, size: 10 });
    expect(text(stored!.data)).toBe('new bytes!');
    expect(await db.documentFiles.count()).toBe(1);
  });

  it('lists the copies of one library without their bytes', async () => {
    const db = freshDb();
    await storeDocument(db, description('1'), bytes('a'));
    await storeDocument(db, description('2'), bytes('b'));
    await storeDocument(db, { ...description('1'), kind: 'learn' }, bytes('c'));
    const copies = await listDocumentCopies(db, 'help');
    expect(copies.map((copy) => copy.id).sort()).toEqual(['1', '2']);
    for (const copy of copies) expect(copy).not.toHaveProperty('data');
  });

  it('removes a document, and prunes those the server no longer lists', async () => {
    const db = freshDb();
    for (const id of ['1', '2', '3']) await storeDocument(db, description(id), bytes(id));
    await storeDocument(db, { ...description('9'), kind: 'learn' }, bytes('learn'));
    await removeDocument(db, 'help', '1');
    expect(await readDocument(db, 'help', '1')).toBeUndefined();

    expect(await pruneDocuments(db, 'help', ['3'])).toBe(1);
    expect((await listDocumentCopies(db, 'help')).map((copy) => copy.id)).toEqual(['3']);
    expect(await db.documentFiles.count()).toBe(2);
    expect(await readDocument(db, 'learn', '9')).toBeDefined();
    expect(await pruneDocuments(db, 'help', ['3'])).toBe(0);
  });

  it('treats half a document (description without bytes) as none, and clears it', async () => {
    const db = freshDb();
    await storeDocument(db, description('1'), bytes('x'));
    await db.documentFiles.delete(['help', '1']);
    expect(await readDocument(db, 'help', '1')).toBeUndefined();
    expect(await db.documentCopies.count()).toBe(0);
  });

  it('upgrades a version-1 database in place: its data stays, the document tables (and the kept lists) are added', async () => {
    const name = `upgrade-${Math.random().toString(36).slice(2)}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      outbox: '++seq, &id, status, recordKey, createsTempId, *dependsOn',
      files: 'id',
      tempIds: 'tempId',
      entities: '[kind+id], kind, updatedAt',
      meta: 'key',
    });
    await v1.table('meta').put({ key: 'lastSync', value: 42 });
    v1.close();

    const db = openOfflineDb(name);
    expect(await db.meta.get('lastSync')).toEqual({ key: 'lastSync', value: 42 });
    const copy: DocumentCopy = await storeDocument(db, description('7'), bytes('kept'));
    expect((await readDocument(db, 'help', '7'))?.copy).toEqual(copy);
    expect(db.verno).toBe(6);
    expect(await db.quotes.count()).toBe(0);
  });
});
