import { useEffect, useState } from 'react';
import { paths, type HelpDocument } from '../../../contract';
import { sanitizeHelpFileName } from '../../../lib/help-files';
import { isHttpError, isOfflineError, requestBlob } from '../../../lib/http';
import { readDocument, storeDocument } from '../../../offline/documents';
import { getOffline } from '../../../offline/runtime';

/** The library's name in the offline document store. */
export const HELP_LIBRARY = 'help';

export interface LoadedHelpPdf {
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

const SERVER_FAILURES = [500, 502, 503, 504];

export type HelpPdfFailure = 'offline' | 'not-found' | 'failed';

/** The GetHelpDocument path of a document: spec 1 §5 strips special characters from the name. */
export const helpPdfEndpoint = (document: HelpDocument) => paths.helpPdf(sanitizeHelpFileName(document.displayName));

/**
 * GET {api}/FileStream/GetHelpDocument/{name}?documentId= (spec 1 §7), offline first: a copy on the
 * device with the document's current ETag is read from there; otherwise the file is fetched and kept;
 * when the server cannot be reached, any copy on the device stands in, marked as such.
 */
export async function loadHelpPdf(document: HelpDocument, signal?: AbortSignal): Promise<LoadedHelpPdf> {
  const { db } = getOffline();
  const id = String(document.documentId);
  const stored = await readDocument(db, HELP_LIBRARY, id).catch((error: unknown) => {
    console.error('reading the stored help document failed', error);
    return undefined;
  });
  if (stored && stored.copy.etag === document.etag) {
    return { bytes: stored.data, from: 'device', storedAt: stored.copy.storedAt, current: true, fallback: false };
  }
  try {
    // 404 is shown in the panel, and with a stored copy a failing server is too (the copy stands in).
    const { blob, headers } = await requestBlob(helpPdfEndpoint(document), {
      query: { documentId: document.documentId },
      handles: stored ? [404, ...SERVER_FAILURES] : [404],
      signal,
    });
    const bytes = await blob.arrayBuffer();
    const etag = headers.get('etag')?.replace(/^W\//, '').replace(/"/g, '') || document.etag;
    await storeDocument(
      db,
      {
        kind: HELP_LIBRARY,
        id,
        displayName: document.displayName,
        contentType: blob.type || document.contentType,
        size: bytes.byteLength,
        etag,
        updatedAt: Date.parse(document.updatedAt),
      },
      bytes.slice(0),
    ).catch((error: unknown) => console.error('keeping the help document for offline reading failed', error));
    return { bytes, from: 'network', current: true, fallback: false };
  } catch (error) {
    const unreachable = isOfflineError(error) || (isHttpError(error) && error.status >= 500);
    if (stored && unreachable) return { bytes: stored.data, from: 'device', storedAt: stored.copy.storedAt, current: false, fallback: true };
    throw error;
  }
}

export type HelpPdfState =
  | { status: 'loading' }
  | { status: 'ready'; pdf: LoadedHelpPdf }
  | { status: 'error'; failure: HelpPdfFailure };

const failureOf = (error: unknown): HelpPdfFailure =>
  isOfflineError(error) ? 'offline' : isHttpError(error, 404) ? 'not-found' : 'failed';

/** The bytes of a help PDF for the viewer (kept out of the query cache: that one is persisted as JSON). */
export function useHelpPdf(document: HelpDocument): { state: HelpPdfState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${document.documentId}:${document.etag}:${attempt}`;
  const [result, setResult] = useState<{ key: string; state: HelpPdfState }>({ key: '', state: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    loadHelpPdf(document, controller.signal).then(
      (pdf) => !controller.signal.aborted && setResult({ key, state: { status: 'ready', pdf } }),
      (error: unknown) => !controller.signal.aborted && setResult({ key, state: { status: 'error', failure: failureOf(error) } }),
    );
    return () => controller.abort();
    // `key` covers the document's identity and version; the rest of `document` does not change its file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { state: result.key === key ? result.state : { status: 'loading' }, retry: () => setAttempt((value) => value + 1) };
}
