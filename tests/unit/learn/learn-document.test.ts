import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnDocument } from '../../../src/contract';
import { LEARN_LIBRARY, learnDocumentSource } from '../../../src/features/learn/api/learn-document';
import { OfflineError, resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { listDocumentCopies, readDocument } from '../../../src/offline/documents';
import { loadKeptDocument } from '../../../src/offline/kept-documents';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from '../offline/helpers';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
let db: OfflineDb;

const guide: LearnDocument = {
  documentId: 7,
  subCategoryId: 3,
  fileName: 'Pier-and-Footing-Layout-Guide.pdf',
  fileType: 'pdf',
  displayName: 'Pier and Footing Layout Guide',
  contentType: 'application/pdf',
  size: 24,
  etag: 'v1',
  updatedAt: '2026-02-02T12:00:00.000Z',
};

const text = (data: ArrayBuffer) => new TextDecoder().decode(data);
const pdfAnswer = (body: string, etag: string) =>
  new Response(new TextEncoder().encode(body), { status: 200, headers: { 'content-type': 'application/pdf', etag: `"${etag}"` } });

beforeEach(() => {
  db = freshDb();
  setOfflineRuntime(createOfflineRuntime({ db }));
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  resetHttpClients();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  setOfflineRuntime(undefined);
});

describe('Learn documents once opened stay readable offline', () => {
  it('fetches GET {api}/Documents/References/{documentId} and keeps it in the learn library, apart from Help', async () => {
    fetchMock.mockResolvedValue(pdfAnswer('%PDF-1.7 pier and footing', 'v1'));
    const loaded = await loadKeptDocument(learnDocumentSource(guide));
    expect(loaded).toMatchObject({ from: 'network', current: true });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Documents/References/7');
    expect((await readDocument(db, LEARN_LIBRARY, '7'))?.copy).toMatchObject({
      etag: 'v1',
      displayName: guide.displayName,
      updatedAt: Date.parse(guide.updatedAt),
    });
    expect(await listDocumentCopies(db, 'help')).toEqual([]);
  });

  it('reads the kept copy without the network afterwards, and offline stands in with an older copy', async () => {
    fetchMock.mockResolvedValueOnce(pdfAnswer('%PDF-1.7 version one', 'v1'));
    await loadKeptDocument(learnDocumentSource(guide));
    const again = await loadKeptDocument(learnDocumentSource(guide));
    expect(again).toMatchObject({ from: 'device', current: true, fallback: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const newer = await loadKeptDocument(learnDocumentSource({ ...guide, etag: 'v2' }));
    expect(newer).toMatchObject({ from: 'device', current: false, fallback: true });
    expect(text(newer.bytes)).toBe('%PDF-1.7 version one');
    expect(notices).toEqual([]);
  });

  it('without a copy, offline fails with OfflineError (the reader says it was never saved)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadKeptDocument(learnDocumentSource(guide))).rejects.toBeInstanceOf(OfflineError);
  });
});
