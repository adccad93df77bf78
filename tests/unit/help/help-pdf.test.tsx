import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpDocument } from '../../../src/contract';
import { loadHelpPdf, HELP_LIBRARY } from '../../../src/features/help/api/get-help-pdf';
import { HelpPdfPanel } from '../../../src/features/help/components/help-pdf-panel';
import { HttpError, OfflineError, resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb } from '../../../src/offline/db';
import { readDocument, storeDocument } from '../../../src/offline/documents';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from '../offline/helpers';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
let db: OfflineDb;

const guide: HelpDocument = {
  documentId: 2,
  displayName: 'Submitting a Service Request',
  fileType: 'pdf',
  category: 'Service',
  contentType: 'application/pdf',
  size: 20,
  etag: 'v2',
  hasCaptions: false,
  updatedAt: '2026-01-15T12:00:00.000Z',
};

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: ArrayBuffer) => new TextDecoder().decode(data);
const pdfAnswer = (body: string, etag: string) =>
  new Response(bytes(body), { status: 200, headers: { 'content-type': 'application/pdf', etag: `"${etag}"` } });
const keep = (etag: string, body: string, storedAt = 1_000) =>
  storeDocument(
    db,
    { kind: HELP_LIBRARY, id: '2', displayName: guide.displayName, contentType: 'application/pdf', size: 0, etag, updatedAt: 0 },
    bytes(body).buffer as ArrayBuffer,
    storedAt,
  );

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
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setOfflineRuntime(undefined);
});

describe('loadHelpPdf: help PDFs once opened stay readable offline', () => {
  it('fetches a PDF not on the device from GetHelpDocument with the stripped name, and keeps it', async () => {
    fetchMock.mockResolvedValue(pdfAnswer('%PDF-1.7 version two', 'v2'));
    const pdf = await loadHelpPdf(guide);
    expect(pdf).toMatchObject({ from: 'network', current: true, fallback: false });
    expect(text(pdf.bytes)).toBe('%PDF-1.7 version two');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/FileStream/GetHelpDocument/Submitting%20a%20Service%20Request?documentId=2');
    const stored = await readDocument(db, HELP_LIBRARY, '2');
    expect(stored?.copy).toMatchObject({ etag: 'v2', size: 20, displayName: guide.displayName });
    expect(text(stored!.data)).toBe('%PDF-1.7 version two');
  });

  it('reads a device copy of the current version without asking the server', async () => {
    await keep('v2', '%PDF-1.7 kept copy', 5_000);
    const pdf = await loadHelpPdf(guide);
    expect(pdf).toMatchObject({ from: 'device', current: true, fallback: false, storedAt: 5_000 });
    expect(text(pdf.bytes)).toBe('%PDF-1.7 kept copy');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('replaces an older device copy when the server has a newer version', async () => {
    await keep('v1', '%PDF-1.7 version one');
    fetchMock.mockResolvedValue(pdfAnswer('%PDF-1.7 version two', 'v2'));
    expect(await loadHelpPdf(guide)).toMatchObject({ from: 'network' });
    expect((await readDocument(db, HELP_LIBRARY, '2'))?.copy.etag).toBe('v2');
  });

  it('offline or with the server failing, shows the older device copy as such, without an error toast', async () => {
    await keep('v1', '%PDF-1.7 version one', 7_000);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await loadHelpPdf(guide);
    expect(offline).toMatchObject({ from: 'device', current: false, fallback: true, storedAt: 7_000 });
    expect(text(offline.bytes)).toBe('%PDF-1.7 version one');

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Down' }), { status: 503, headers: { 'content-type': 'application/json' } }),
    );
    expect(await loadHelpPdf(guide)).toMatchObject({ from: 'device', fallback: true });
    expect(notices).toEqual([]);
  });

  it('without a device copy, fails offline with OfflineError and on an unknown document with a silent 404', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(loadHelpPdf(guide)).rejects.toBeInstanceOf(OfflineError);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'There is no such help document.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const error = await loadHelpPdf(guide).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, body: { message: 'There is no such help document.' } });
    expect(notices).toEqual([]);
  });
});

function renderPanel(document: HelpDocument, online = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HelpPdfPanel document={document} online={online} />
    </QueryClientProvider>,
  );
}

describe('HelpPdfPanel', () => {
  it("shows 'No results' for a PDF of 15 bytes or fewer, with nothing to download or open", async () => {
    fetchMock.mockResolvedValue(pdfAnswer('%PDF-1.4\n%', 'tiny'));
    renderPanel({ ...guide, documentId: 5, displayName: 'Service Rate Sheet', size: 10, etag: 'tiny' });
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Open in new tab' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Loading the viewer…')).toBeNull();
  });

  it('says so when a PDF never opened online is asked for offline', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPanel(guide, false);
    expect(await screen.findByText(/has not been saved on this device yet/)).toBeTruthy();
  });
});
