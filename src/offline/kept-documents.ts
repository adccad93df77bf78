import { useEffect, useState } from 'react';
import { isHttpError, isOfflineError, type BlobAnswer } from '../lib/http';
import type { DocumentCopy } from './db';
import { listDocumentCopies, pruneDocuments, readDocument, storeDocument } from './documents';
import { describeAge } from './age';
import { useNow } from './use-now';
import { getOffline } from './runtime';
import { watchStore } from './watch-store';

/*
 * Documents that stay readable offline once opened (ARCHITECTURE: Offline — help and learn documents with their PDF
 * blobs), for every library alike (Help, Learn): offline first by ETag, the bytes kept in the documents store.
 */

/** One document of a library, as its list describes it, and how to fetch its bytes. */
export interface KeptDocumentSource {
  /** The library's name in the offline document store ('help', 'learn'). */
  library: string;
  id: string;
  /** The ETag the list names for the current version (without quotes). */
  etag: string;
  displayName: string;
  contentType: string;
  /** When the document last changed on the server (ms). */
  updatedAt: number;
  /** GETs the file; `handles` are the statuses the caller deals with itself (silences the error catalogue for them). */
  fetch: (options: { handles: number[]; signal?: AbortSignal }) => Promise<BlobAnswer>;
}

export interface LoadedDocument {
  bytes: ArrayBuffer;
  /** 'device': read from the copy kept on this device; 'network': just fetched (and kept). */
  from: 'network' | 'device';
  /** When the copy on the device was stored (device only). */
  storedAt?: number;
  /** False when the device copy is an older version, shown because the server could not be reached. */
  current: boolean;
  /** True when the server was asked and could not answer (offline or failing), so the device copy stands in. */
  fallback: boolean;
}

export type DocumentFailure = 'offline' | 'not-found' | 'failed';

const SERVER_FAILURES = [500, 502, 503, 504];

/**
 * A copy on the device with the document's current ETag is read from there; otherwise the file is fetched and kept;
 * when the server cannot be reached, any copy on the device stands in, marked as such.
 */
export async function loadKeptDocument(source: KeptDocumentSource, signal?: AbortSignal): Promise<LoadedDocument> {
  const { db } = getOffline();
  const stored = await readDocument(db, source.library, source.id).catch((error: unknown) => {
    console.error(`reading the stored ${source.library} document failed`, error);
    return undefined;
  });
  if (stored && stored.copy.etag === source.etag) {
    return { bytes: stored.data, from: 'device', storedAt: stored.copy.storedAt, current: true, fallback: false };
  }
  try {
    // 404 is shown by the caller, and with a stored copy a failing server is too (the copy stands in).
    const { blob, headers } = await source.fetch({ handles: stored ? [404, ...SERVER_FAILURES] : [404], signal });
    const bytes = await blob.arrayBuffer();
    const etag = headers.get('etag')?.replace(/^W\//, '').replace(/"/g, '') || source.etag;
    await storeDocument(
      db,
      {
        kind: source.library,
        id: source.id,
        displayName: source.displayName,
        contentType: blob.type || source.contentType,
        size: bytes.byteLength,
        etag,
        updatedAt: source.updatedAt,
      },
      bytes.slice(0),
    ).catch((error: unknown) => console.error(`keeping the ${source.library} document for offline reading failed`, error));
    return { bytes, from: 'network', current: true, fallback: false };
  } catch (error) {
    const unreachable = isOfflineError(error) || (isHttpError(error) && error.status >= 500);
    if (stored && unreachable)
      return { bytes: stored.data, from: 'device', storedAt: stored.copy.storedAt, current: false, fallback: true };
    throw error;
  }
}

export type KeptDocumentState =
  { status: 'loading' } | { status: 'ready'; document: LoadedDocument } | { status: 'error'; failure: DocumentFailure };

const failureOf = (error: unknown): DocumentFailure =>
  isOfflineError(error) ? 'offline' : isHttpError(error, 404) ? 'not-found' : 'failed';

/** The bytes of a document for a viewer (kept out of the query cache: that one is persisted as JSON). */
export function useKeptDocument(source: KeptDocumentSource): { state: KeptDocumentState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${source.library}:${source.id}:${source.etag}:${attempt}`;
  const [result, setResult] = useState<{ key: string; state: KeptDocumentState }>({ key: '', state: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    loadKeptDocument(source, controller.signal).then(
      (document) => !controller.signal.aborted && setResult({ key, state: { status: 'ready', document } }),
      (error: unknown) => !controller.signal.aborted && setResult({ key, state: { status: 'error', failure: failureOf(error) } }),
    );
    return () => controller.abort();
    // `key` covers the document's identity and version; the rest of `source` does not change its file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { state: result.key === key ? result.state : { status: 'loading' }, retry: () => setAttempt((value) => value + 1) };
}

const NONE: ReadonlyMap<string, DocumentCopy> = new Map();

/** The documents of a library kept on this device, by id, kept current as copies are stored or removed. */
export function useKeptDocumentCopies(library: string): ReadonlyMap<string, DocumentCopy> {
  const [copies, setCopies] = useState(NONE);
  useEffect(() => {
    const { db } = getOffline();
    return watchStore(
      db,
      () => listDocumentCopies(db, library),
      (rows) => setCopies(new Map(rows.map((copy) => [copy.id, copy]))),
      (error: unknown) => console.error(`reading the stored ${library} documents failed`, error),
    );
  }, [library]);
  return copies;
}

/** Drops the copies of a library's documents that the server no longer lists. */
export const pruneKeptDocuments = (library: string, listedIds: readonly string[]) =>
  pruneDocuments(getOffline().db, library, listedIds).catch((error: unknown) => {
    console.error(`removing old ${library} documents failed`, error);
    return 0;
  });

const FAILURE_MESSAGES: Record<DocumentFailure, string> = {
  offline: 'You are offline, and this document has not been saved on this device yet. Open it once while online to read it offline.',
  'not-found': 'This document is no longer available.',
  failed: 'The document could not be loaded.',
};

/**
 * What ui/document-status shows of a kept document: loading, the failure in words (with a retry unless the document
 * is gone), and the device copy's age when it stands in for the server's (offline, or the server could not answer).
 */
export function useKeptDocumentStatus(state: KeptDocumentState, retry: () => void, online: boolean) {
  const now = useNow();
  const loaded = state.status === 'ready' ? state.document : undefined;
  return {
    loading: state.status === 'loading',
    failure:
      state.status === 'error'
        ? { message: FAILURE_MESSAGES[state.failure], retry: state.failure === 'not-found' ? undefined : retry }
        : undefined,
    savedCopy:
      loaded?.from === 'device' && loaded.storedAt !== undefined && (!online || loaded.fallback)
        ? { age: describeAge(loaded.storedAt, now), current: loaded.current }
        : undefined,
  };
}
