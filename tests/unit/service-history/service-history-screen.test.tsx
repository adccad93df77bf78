import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CmhUser } from '../../../src/contract';
import { HISTORY_KINDS } from '../../../src/features/service-history/api/keys';
import { ServiceHistoryScreen } from '../../../src/features/service-history/components/service-history-screen';
import { HISTORY_MESSAGES } from '../../../src/features/service-history/messages';
import { demoProfile } from '../fixtures/demo-profiles';
import { renderScreen } from '../fixtures/render-screen';
import { seedHomeSeven, startBackend, stopBackend, warrantyCard, type HistoryBackend } from './fixtures';

let backend: HistoryBackend;
beforeEach(() => {
  backend = startBackend();
});
afterEach(() => {
  cleanup();
  stopBackend();
});

const viewer = demoProfile('viewer');

const render = (assetId = 7, user: CmhUser = viewer) =>
  renderScreen(() => <ServiceHistoryScreen assetId={assetId} user={user} />, {
    path: '/serviceHistory/$assetId',
    initialEntry: `/serviceHistory/${assetId}`,
  });

const section = (name: string) => screen.getByRole('region', { name });
const field = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const lineOf = (link: HTMLElement) => link.closest('li') as HTMLElement;

async function renderLoaded(assetId = 7, user: CmhUser = viewer) {
  const view = await render(assetId, user);
  await waitFor(() => expect(screen.queryAllByText('Loading...')).toHaveLength(0));
  return view;
}

describe('service history (spec 3 §2)', () => {
  it('shows the home: serial, plant, model and homeowner', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Service History' })).toBeTruthy();
    const homeSection = section('Home');
    expect(field(homeSection, 'Serial Number')).toBe('MAY012345TNA');
    expect(field(homeSection, 'Plant')).toBe('Maynardville (910)');
    expect(field(homeSection, 'Model')).toBe('The Legend · 32LEG80A5');
    expect(field(homeSection, 'Homeowner')).toBe('Ann Lee');
  });

  it('shows the warranty card: name, address, phones, sold date, status label and NPS date', async () => {
    backend.cards.set(7, warrantyCard(7, { statusCode: 'I', homePhoneNumber: '8655550000' }));
    await renderLoaded();
    const card = section('Warranty Card');
    expect(field(card, 'Name')).toBe('Ann M Lee');
    expect(field(card, 'Address')).toBe('1 Main St, Knoxville, TN 37919');
    expect(field(card, 'Email')).toBe('ann.lee@example.com');
    expect(field(card, 'Phone')).toBe('(865) 555-1234');
    expect(field(card, 'Cell Phone')).toBe('(423) 555-9876');
    expect(field(card, 'Home Phone')).toBe('(865) 555-0000');
    expect(field(card, 'Sold Date')).toBe('04/15/2025');
    expect(field(card, 'Status')).toBe('Incomplete');
    expect(field(card, 'NPS Date')).toBe('07/15/2025');
  });

  it.each([
    ['A', 'Active'],
    ['H', 'Historical'],
    ['Z', 'Archived'],
  ])('status code %s reads %s; a main phone that is not 10 digits shows blank (spec 3 §5)', async (statusCode, label) => {
    backend.cards.set(7, warrantyCard(7, { statusCode, areaCode: '', phoneNumber: '5551234' }));
    await renderLoaded();
    expect(field(section('Warranty Card'), 'Status')).toBe(label);
    expect(field(section('Warranty Card'), 'Phone')).toBe('');
  });

  it('lists the service request lines, newest first, each with its items and a link to its review', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    const requests = section('Service Requests');
    const links = within(requests).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Service Request 000042', '/servicerequests/42/'],
      ['Work Order WO-0000041', '/workorders/700041'],
    ]);

    const staged = lineOf(links[0]!);
    expect(field(staged, 'Request Date')).toBe('03/02/2026');
    expect(field(staged, 'Performed Date')).toBe('');
    expect(within(staged).getByText('Unsubmitted')).toBeTruthy();
    expect(field(staged, 'Problem')).toBe('Floor squeaks');
    expect(field(staged, 'Cause')).toBe('Loose decking');

    const workOrder = lineOf(links[1]!);
    expect(field(workOrder, 'Request Date')).toBe('01/10/2026');
    expect(field(workOrder, 'Performed Date')).toBe('01/20/2026');
    expect(within(workOrder).getByText('Awaiting Approval')).toBeTruthy();
    const items = within(within(workOrder).getByRole('list', { name: 'Service items of Work Order WO-0000041' })).getAllByRole('listitem');
    expect(items.map((item) => [field(item, 'Problem'), field(item, 'Cause')])).toEqual([
      ['Door sticks', 'Settling'],
      ['Window leaks', 'Missing caulk'],
    ]);
  });

  it('lists the parts lines with number, dates, status and items; staged and submitted orders link to their screens', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    const parts = section('Parts Orders');
    const links = within(parts).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Staged Parts Order 55', '/partsorders/55'],
      ['Parts Order L-1001', '/partsorders/vantage/9001'],
    ]);
    const submitted = lineOf(links[1]!);
    expect(field(submitted, 'Order Date')).toBe('01/12/2026');
    expect(field(submitted, 'Ship Date')).toBe('01/19/2026');
    expect(within(submitted).getByText('SHIPPED')).toBeTruthy();
    const items = within(within(submitted).getByRole('list', { name: 'Parts of Parts Order L-1001' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1 EAWindow sash', '3 TBCaulk tube']);
    expect(field(lineOf(links[0]!), 'Ship Date')).toBe('');
  });

  it('a line opens its review in the app', async () => {
    seedHomeSeven(backend);
    const { router } = await renderLoaded();
    fireEvent.click(screen.getByRole('link', { name: 'Work Order WO-0000041' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorders/700041'));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('reads each request whole for its items, and leaves out one gone in between', async () => {
    seedHomeSeven(backend);
    backend.vanished.add(42);
    await renderLoaded();
    expect(backend.reads).toContain('GET /api/service?assetId=7');
    expect(backend.reads).toContain('GET /api/service/41');
    expect(
      within(section('Service Requests'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Work Order WO-0000041']);
    expect(backend.notices).toEqual([]);
  });

  it('a home with nothing yet says so in each part', async () => {
    await renderLoaded(8);
    expect(within(section('Warranty Card')).getByText('No warranty card')).toBeTruthy();
    expect(within(section('Service Requests')).getByText('No service requests for this home.')).toBeTruthy();
    expect(within(section('Parts Orders')).getByText('No parts orders for this home.')).toBeTruthy();
    expect(backend.notices).toEqual([]);
  });

  it('a home with requests but no card offers Add Warranty Card to those who may write cards, opening the panel in add mode', async () => {
    seedHomeSeven(backend);
    backend.cards.delete(7);
    await renderLoaded(7, demoProfile('service'));
    const add = within(section('Warranty Card')).getByRole('link', { name: 'Add Warranty Card' });
    const serial = field(section('Home'), 'Serial Number')!;
    expect(add.getAttribute('href')).toBe(
      `/service/myhomeowners/warranty/${field(section('Home'), 'Plant')!.match(/\((\d+)\)/)![1]}/${encodeURIComponent(serial)}`,
    );
    cleanup();
    await renderLoaded(7, viewer);
    expect(within(section('Warranty Card')).queryByRole('link', { name: 'Add Warranty Card' })).toBeNull();
  });

  it('a home the user cannot see is not found', async () => {
    backend.unknownHomes.add(99);
    await render(99);
    expect(await screen.findByRole('heading', { name: 'Home not found' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Service Requests' })).toBeNull();
  });

  it('a read the server refuses says so in its part, with Try again', async () => {
    seedHomeSeven(backend);
    backend.failures.set('/api/parts/asset/7', 500);
    await renderLoaded();
    const parts = section('Parts Orders');
    expect(within(parts).getByRole('alert').textContent).toContain(HISTORY_MESSAGES.parts.failed);
    backend.failures.clear();
    fireEvent.click(within(parts).getByRole('button', { name: 'Try again' }));
    expect(await within(parts).findByRole('link', { name: 'Parts Order L-1001' })).toBeTruthy();
  });

  it('homeowner users see the warranty card only; service requests and parts orders are not read', async () => {
    seedHomeSeven(backend);
    const homeowner = { ...demoProfile('viewer'), roles: ['Home_Owner_Viewer'] };
    await renderLoaded(7, homeowner);
    expect(field(section('Warranty Card'), 'Name')).toBe('Ann M Lee');
    expect(screen.queryByRole('region', { name: 'Service Requests' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Parts Orders' })).toBeNull();
    expect(backend.reads.filter((read) => /\/api\/(service|parts)/i.test(read))).toEqual([]);
  });
});

describe('service history offline (issue 5 item 6)', () => {
  it('a home opened online is readable offline from the device, its age shown', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    cleanup();
    // The copies were kept three hours ago; now there is no network.
    const threeHoursAgo = Date.now() - 3 * 60 * 60_000;
    await backend.db.entities.toCollection().modify({ updatedAt: threeHoursAgo });
    backend.offline = true;

    await renderLoaded();
    expect(within(section('Service Requests')).getByRole('link', { name: 'Work Order WO-0000041' })).toBeTruthy();
    expect(within(section('Parts Orders')).getByRole('link', { name: 'Parts Order L-1001' })).toBeTruthy();
    expect(field(section('Warranty Card'), 'Name')).toBe('Ann M Lee');
    for (const name of ['Warranty Card', 'Service Requests', 'Parts Orders']) {
      expect(within(section(name)).getByRole('status').textContent).toBe('Saved copy, updated 3 hours ago.');
    }
    expect(field(section('Home'), 'Serial Number')).toBe('MAY012345TNA');
  });

  it('online, no age is shown', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    expect(screen.queryByText(/Saved copy/)).toBeNull();
  });

  it("a home without a card opened online still says 'No warranty card' offline", async () => {
    await renderLoaded(8);
    cleanup();
    backend.offline = true;
    await renderLoaded(8);
    expect(within(section('Warranty Card')).getByText('No warranty card')).toBeTruthy();
    expect(await backend.db.entities.get([HISTORY_KINDS.warranty, '8'])).toMatchObject({ data: null });
  });

  it('offline with no copy of this home: a clear message that its history is not on this device', async () => {
    seedHomeSeven(backend);
    backend.offline = true;
    await render();
    expect(await screen.findByText(HISTORY_MESSAGES.notOnDevice)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Service Requests' })).toBeNull();
    expect(backend.notices).toEqual([]);
  });

  it('offline with only part of the history kept: the kept parts show, the others say they are not on this device', async () => {
    seedHomeSeven(backend);
    await renderLoaded();
    cleanup();
    await backend.db.entities.delete([HISTORY_KINDS.parts, '7']);
    backend.offline = true;
    await renderLoaded();
    expect(within(section('Service Requests')).getByRole('link', { name: 'Work Order WO-0000041' })).toBeTruthy();
    expect(within(section('Parts Orders')).getByText(HISTORY_MESSAGES.parts.offline)).toBeTruthy();
    expect(within(section('Parts Orders')).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
