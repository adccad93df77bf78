import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_LIBRARY } from '../../../src/features/help/api/get-help-pdf';
import { HelpScreen } from '../../../src/features/help/components/help-screen';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { storeDocument } from '../../../src/offline/documents';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const db = freshDb();

const listed = [
  {
    documentId: 1,
    displayName: 'Getting Started with HomeSite',
    fileType: 'pdf',
    category: 'Getting started',
    contentType: 'application/pdf',
    size: 5734,
    etag: 'a1',
    hasCaptions: false,
    updatedAt: '2026-01-15T12:00:00.000Z',
  },
  {
    documentId: 6,
    displayName: 'Finding Your Way Around HomeSite',
    fileType: 'video',
    category: 'Videos',
    contentType: 'video/mp4',
    size: 19425,
    etag: 'v6',
    hasCaptions: true,
    updatedAt: '2026-01-15T12:00:00.000Z',
  },
];

beforeEach(async () => {
  await db.documentCopies.clear();
  await db.documentFiles.clear();
  setOfflineRuntime(createOfflineRuntime({ db }));
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ notify: () => undefined });
  resetHttpClients();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setOfflineRuntime(undefined);
});

const render = () => renderScreen(() => <HelpScreen selectedId={undefined} />, { path: '/help' });

describe('HelpScreen', () => {
  it('lists the PDF documents and the videos apart, and marks the ones kept on this device', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, listed));
    await storeDocument(
      db,
      {
        kind: HELP_LIBRARY,
        id: '1',
        displayName: 'Getting Started with HomeSite',
        contentType: 'application/pdf',
        size: 0,
        etag: 'a1',
        updatedAt: 0,
      },
      new ArrayBuffer(5734),
    );
    await render();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    const guide = await within(documents).findByRole('link', { name: /Getting Started with HomeSite/ });
    expect(guide.getAttribute('href')).toBe('/help?documentId=1');
    expect(await within(guide).findByText('Available offline')).toBeTruthy();
    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(within(videos).getByRole('link', { name: /Finding Your Way Around HomeSite/ })).toBeTruthy();
    expect(within(videos).queryByText('Available offline')).toBeNull();
  });

  it('without the list (offline, never loaded here), offers the documents saved on this device', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await storeDocument(
      db,
      {
        kind: HELP_LIBRARY,
        id: '2',
        displayName: 'Submitting a Service Request',
        contentType: 'application/pdf',
        size: 0,
        etag: 'b2',
        updatedAt: 0,
      },
      new ArrayBuffer(6911),
    );
    await render();
    expect(await screen.findByText(/The documents saved on this device can be read now\./)).toBeTruthy();
    const link = await within(screen.getByRole('region', { name: 'Documents' })).findByRole('link', {
      name: /Submitting a Service Request/,
    });
    expect(within(link).getByText(/Saved on this device/)).toBeTruthy();
  });
});
