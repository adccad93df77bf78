import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LearnScreen } from '../../../src/features/learn/components/learn-screen';
import { LearnSubCategoryScreen } from '../../../src/features/learn/components/learn-sub-category-screen';
import { LEARN_LIBRARY } from '../../../src/features/learn/api/learn-document';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { storeDocument } from '../../../src/offline/documents';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const db = freshDb();

const doc = (documentId: number, subCategoryId: number, displayName: string) => ({
  documentId,
  subCategoryId,
  fileName: `${displayName.replace(/ /g, '-')}.pdf`,
  fileType: 'pdf',
  displayName,
  contentType: 'application/pdf',
  size: 5120,
  etag: `e${documentId}`,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const library = [
  {
    categoryId: 1,
    displayName: 'Installation and Setup',
    subCategories: [
      {
        subCategoryId: 11,
        displayName: 'Foundations and Anchoring',
        documents: [doc(1, 11, 'Pier and Footing Layout Guide'), doc(2, 11, 'Anchoring and Tie-Down Requirements')],
      },
      { subCategoryId: 12, displayName: 'Utilities and Crossovers', documents: [doc(3, 12, 'Utility Connections Checklist')] },
    ],
  },
  {
    categoryId: 2,
    displayName: 'Homeowner Care',
    subCategories: [{ subCategoryId: 21, displayName: 'Warranty', documents: [doc(4, 21, 'Understanding the Limited Warranty')] }],
  },
];

beforeEach(async () => {
  await db.entities.clear();
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

describe('LearnScreen (/learn)', () => {
  it('groups the manuals by category with links to each sub-category, and shows the eBuilt link', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, library));
    await renderScreen(() => <LearnScreen user={demoProfile('service')} />, { path: '/learn' });
    const installation = await screen.findByRole('region', { name: 'Installation and Setup' });
    const foundations = within(installation).getByRole('link', { name: /Foundations and Anchoring/ });
    expect(foundations.getAttribute('href')).toBe('/learn/1/11');
    expect(foundations.textContent).toContain('2 documents');
    expect(
      within(screen.getByRole('region', { name: 'Homeowner Care' }))
        .getByRole('link', { name: /Warranty/ })
        .getAttribute('href'),
    ).toBe('/learn/2/21');
    expect(screen.getByRole('link', { name: 'eBuilt home documentation' }).getAttribute('href')).toBe('/learn/ebuilt');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Documents/References');
  });

  it('shows only the e-learning links the user may view', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, library));
    await renderScreen(() => <LearnScreen user={demoProfile('plant')} />, { path: '/learn' });
    const eLearning = await screen.findByRole('region', { name: 'E-Learning' });
    expect(within(eLearning).getByText('Customer Experience E-Learning')).toBeTruthy();
    expect(within(eLearning).getByText('Energy Credits E-Learning')).toBeTruthy();
    cleanup();

    await renderScreen(() => <LearnScreen user={demoProfile('service')} />, { path: '/learn' });
    const retailer = await screen.findByRole('region', { name: 'E-Learning' });
    expect(within(retailer).queryByText('Energy Credits E-Learning')).toBeNull();
    cleanup();

    await renderScreen(() => <LearnScreen user={demoProfile('internal')} />, { path: '/learn' });
    await screen.findByRole('region', { name: 'Installation and Setup' });
    expect(screen.queryByRole('region', { name: 'E-Learning' })).toBeNull();
  });

  it('offline, shows the list last loaded with its age', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, library));
    await renderScreen(() => <LearnScreen user={demoProfile('service')} />, { path: '/learn' });
    await screen.findByRole('region', { name: 'Installation and Setup' });
    cleanup();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderScreen(() => <LearnScreen user={demoProfile('service')} />, { path: '/learn' });
    expect(await screen.findByText(/Offline copy of the library, updated/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Installation and Setup' })).toBeTruthy();
  });
});

const renderSubCategory = (categoryId: string, subCategoryId: string) =>
  renderScreen(() => <LearnSubCategoryScreen categoryId={categoryId} subCategoryId={subCategoryId} selectedId={undefined} />, {
    path: '/learn/$categoryId/$subCategoryId',
    initialEntry: `/learn/${categoryId}/${subCategoryId}`,
  });

describe('LearnSubCategoryScreen (/learn/{categoryId}/{subCategoryId})', () => {
  it("is titled 'Learn - {sub-category name}' and lists its documents, marking the ones kept on this device", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, library));
    await storeDocument(
      db,
      {
        kind: LEARN_LIBRARY,
        id: '2',
        displayName: 'Anchoring and Tie-Down Requirements',
        contentType: 'application/pdf',
        size: 0,
        etag: 'e2',
        updatedAt: 0,
      },
      new ArrayBuffer(5120),
    );
    await renderSubCategory('1', '11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn - Foundations and Anchoring' })).toBeTruthy();
    const documents = screen.getByRole('navigation', { name: 'Documents' });
    const links = within(documents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Pier and Footing Layout Guide'),
      expect.stringContaining('Anchoring and Tie-Down Requirements'),
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/learn/1/11?documentId=1');
    expect(await within(links[1]!).findByText('Available offline')).toBeTruthy();
    expect(within(links[0]!).queryByText('Available offline')).toBeNull();
    expect(document.title).toBe('HomeSite - Learn - Foundations and Anchoring');
  });

  it('shows a not-found state for a missing category or sub-category instead of failing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, library));
    await renderSubCategory('1', '21');
    expect(await screen.findByText(/is not in the Learn library/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /All manuals/ }).getAttribute('href')).toBe('/learn');
    cleanup();
    await renderSubCategory('77', '11');
    expect(await screen.findByText(/is not in the Learn library/)).toBeTruthy();
  });
});
