import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogPart } from '../../../src/contract';
import { CatalogPicker } from '../../../src/features/parts-orders/catalog';
import { CATALOG_PICKER_HEADERS } from '../../../src/features/parts-orders/catalog/catalog-picker';
import { primeCatalogs } from '../../../src/features/parts-orders/catalog/prime';
import {
  bigCatalog,
  keepCatalog,
  part,
  SCOPE,
  setOnline,
  setUp,
  smallCatalog,
  svg,
  tearDown,
  type CatalogServer,
  type objectUrls,
} from './harness';

let server: CatalogServer;
let urls: ReturnType<typeof objectUrls>;

beforeEach(() => {
  ({ server, urls } = setUp());
  server.catalogs.set('910', smallCatalog('910'));
  server.serveImagesOf(smallCatalog('910'));
});
afterEach(() => {
  cleanup();
  tearDown();
});

function renderPicker(plantNumber = '910') {
  const onPick = vi.fn<(part: CatalogPart) => void>();
  const onCancel = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As in the parts item panel: the picker sits inside the item's form.
  const view = render(
    <QueryClientProvider client={client}>
      <form onSubmit={onSubmit}>
        <CatalogPicker plantNumber={plantNumber} scope={SCOPE} onPick={onPick} onCancel={onCancel} />
      </form>
    </QueryClientProvider>,
  );
  return { ...view, onPick, onCancel, onSubmit };
}

const heading = () => screen.getByRole('heading', { level: 3 });
const list = (name: string | RegExp) => screen.getByRole('list', { name });
const buttonsOf = (name: string | RegExp) =>
  within(list(name))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('CatalogPicker (spec 3 §2: the read-only approved parts catalog)', () => {
  it('drills down Category → Commodity → Part with the spec headers, back one level at a time, and picks a part', async () => {
    const { onPick, onCancel } = renderPicker();
    await screen.findByRole('list', { name: 'Categories' });
    expect(heading().textContent).toBe(CATALOG_PICKER_HEADERS.category);
    expect(document.activeElement).toBe(heading());
    // Pending and inactive parts are not offered, nor a category left without parts.
    expect(buttonsOf('Categories')).toEqual(['Bathroom2 parts', 'Kitchen4 parts']);

    fireEvent.click(screen.getByRole('button', { name: /^Kitchen/ }));
    expect(heading().textContent).toBe('Please select a commodity');
    expect(document.activeElement).toBe(heading());
    expect(buttonsOf('Commodities of Kitchen')).toEqual(['Faucets2 parts', 'Sinks2 parts']);

    fireEvent.click(screen.getByRole('button', { name: /^Sinks/ }));
    expect(heading().textContent).toBe('Please select a part');
    expect(screen.getByText('Kitchen › Sinks')).toBeTruthy();
    const parts = list('Parts of Sinks');
    const clips = within(parts).getByRole('button', { name: /Sink clip set/ });
    expect(clips.textContent).toContain('Part number 30407');
    expect(clips.textContent).toContain('Unit SET');
    // Each card shows its image (the kept or fetched blob), decorative beside the text.
    await waitFor(() => expect(clips.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
    expect(clips.querySelector('img')?.getAttribute('alt')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Back to commodities' }));
    expect(heading().textContent).toBe('Please select a commodity');
    fireEvent.click(screen.getByRole('button', { name: 'Back to categories' }));
    expect(heading().textContent).toBe('Please select category');
    expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Kitchen/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Faucets/ }));
    // No friendly description: the corporate one shows (spec 3 §5).
    fireEvent.click(within(list('Parts of Faucets')).getByRole('button', { name: /AERATOR FCT BN/ }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0]).toMatchObject({ partNumber: '30107', commodityNumber: '310', unitOfMeasure: 'EA' });

    fireEvent.click(screen.getByRole('button', { name: 'Close Catalog' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('searches all parts of the plant by number, description and commodity; Enter does not submit the form around it', async () => {
    const { onPick, onSubmit } = renderPicker();
    const search = await screen.findByRole('searchbox', { name: 'Search all parts' });
    fireEvent.change(search, { target: { value: 'sinks' } });
    await screen.findByText('2 parts found.');
    expect(heading().textContent).toBe(CATALOG_PICKER_HEADERS.part);
    const matches = list('Matching parts');
    expect(
      within(matches)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Double-bowl kitchen sink'), expect.stringContaining('Sink clip set')]);
    // Search results say where each part sits.
    expect(matches.textContent).toContain('Kitchen › Sinks');

    fireEvent.change(search, { target: { value: '20011' } });
    await screen.findByText('1 part found.');
    // Enter's default (implicit submission of the item form) is what the picker stops.
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    search.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(within(list('Matching parts')).getByRole('button', { name: /Round-front toilet bowl/ }));
    expect(onPick.mock.calls[0]![0].partNumber).toBe('20011');

    fireEvent.change(search, { target: { value: 'storm door' } });
    await screen.findByText('No parts match "storm door".');
    fireEvent.change(search, { target: { value: '' } });
    await screen.findByRole('list', { name: 'Categories' });
  });

  it('lists 10 parts and grows by 10 (spec 3 §9)', async () => {
    server.catalogs.set('930', bigCatalog(600, '930'));
    renderPicker('930');
    const search = await screen.findByRole('searchbox', { name: 'Search all parts' });
    fireEvent.change(search, { target: { value: 'valve' } });
    await screen.findByText('60 parts found.');
    expect(within(list('Matching parts')).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: /^Show more parts/ }));
    expect(within(list('Matching parts')).getAllByRole('listitem')).toHaveLength(20);
    // A new search starts at 10 again.
    fireEvent.change(search, { target: { value: 'hinge' } });
    await screen.findByText('60 parts found.');
    await waitFor(() => expect(within(list('Matching parts')).getAllByRole('listitem')).toHaveLength(10));
  });

  it('offline, works from the kept copy and says how old it is', async () => {
    await keepCatalog(smallCatalog('910'), 3 * 60 * 60_000);
    setOnline(server, false);
    renderPicker();
    await screen.findByText('Saved copy of the catalog, updated 3 hours ago.');
    fireEvent.click(await screen.findByRole('button', { name: /^Bathroom/ }));
    expect(buttonsOf('Commodities of Bathroom')).toEqual(['Toilets & Seats2 parts']);
  });

  it('shows what a delta from the server changed while it is open: a part withdrawn, one approved, a new commodity with its image', async () => {
    renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: /^Kitchen/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Sinks/ }));
    expect(buttonsOf('Parts of Sinks').map((text) => text?.split('Part number')[0])).toEqual([
      'Double-bowl kitchen sink, stainless',
      'Sink clip set',
    ]);

    // On the server: the clip set withdrawn; a strainer approved in Sinks and a shower head in a new Bathroom
    // commodity, both listed last (the picker orders by number).
    const changed = structuredClone(smallCatalog('910'));
    const [bathroom, kitchen] = changed.categoryCatalogs;
    const sinks = kitchen!.commodityCatalogs[1]!;
    sinks.parts = sinks.parts.filter((item) => item.partNumber !== '30407');
    sinks.parts.push(
      part({
        partNumber: '30399',
        categoryNumber: '30',
        categoryDescription: 'Kitchen',
        commodityNumber: '340',
        commodityDescription: 'Sinks',
        friendlyDescription: 'Basket strainer',
      }),
    );
    bathroom!.commodityCatalogs.push({
      commodity: { commodityNumber: '115', description: 'Showers' },
      imageFilename: 'commodity-10-115.svg',
      parts: [
        part({
          partNumber: '11500',
          categoryNumber: '10',
          categoryDescription: 'Bathroom',
          commodityNumber: '115',
          commodityDescription: 'Showers',
          friendlyDescription: 'Shower head',
        }),
      ],
    });
    server.catalogs.set('910', changed);
    server.serveImagesOf(changed);
    // Another screen syncs the catalog (the parts list's priming): the open picker reads the same kept rows.
    await act(async () => {
      await primeCatalogs(SCOPE, ['910']);
    });
    expect(server.syncAnswers.at(-1)).toMatchObject({
      removed: [30407],
      items: [expect.objectContaining({ partNumber: '11500' }), expect.objectContaining({ partNumber: '30399' })],
    });

    await waitFor(() =>
      expect(buttonsOf('Parts of Sinks').map((text) => text?.split('Part number')[0])).toEqual([
        'Basket strainer',
        'Double-bowl kitchen sink, stainless',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to commodities' }));
    expect(buttonsOf('Commodities of Kitchen')).toEqual(['Faucets2 parts', 'Sinks2 parts']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to categories' }));
    expect(buttonsOf('Categories')).toEqual(['Bathroom3 parts', 'Kitchen4 parts']);
    fireEvent.click(screen.getByRole('button', { name: /^Bathroom/ }));
    expect(buttonsOf('Commodities of Bathroom')).toEqual(['Showers1 part', 'Toilets & Seats2 parts']);
    const showers = within(list('Commodities of Bathroom')).getByRole('button', { name: /^Showers/ });
    await waitFor(() => expect(showers.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
    expect(await urls.blobs.get(showers.querySelector('img')!.getAttribute('src')!)!.text()).toBe(svg('commodity-10-115.svg'));
  });

  it('offline without a kept copy, says clearly that the plant’s catalog is not on this device; it loads once online', async () => {
    setOnline(server, false);
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The parts catalog of plant 910 is not saved on this device.');
    expect(screen.queryByRole('searchbox')).toBeNull();
    setOnline(server, true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Categories' });
    expect(screen.queryByText(/Saved copy/)).toBeNull();
  });

  it('shows the server’s answer for a plant that is not the user’s', async () => {
    renderPicker('999');
    expect((await screen.findByRole('alert')).textContent).toContain('That plant is not one of yours.');
  });
});
