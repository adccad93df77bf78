import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestType } from '../../../../src/contract';
import { viewScope } from '../../../../src/entities/view-scope';
import { AddWorkOrderScreen } from '../../../../src/features/work-orders/components/list/add-work-order-screen';
import { getOffline } from '../../../../src/offline/runtime';
import { isTempId } from '../../../../src/offline/temp-ids';
import { demoProfile } from '../../fixtures/demo-profiles';
import { renderScreen } from '../../fixtures/render-screen';
import { home, setNavigatorOnline, startBackend, stopBackend, type FakeBackend } from './fixtures';

const user = demoProfile('service');
const scope = viewScope(user);

let backend: FakeBackend;
beforeEach(() => {
  backend = startBackend();
  backend.homes = [
    home(201, 'CMH-201-TN', '42', { homeownerName: 'Eve Park', address1: '9 Elm Rd', city: 'Maryville', state: 'TN', zipCode: '37801' }),
    home(202, 'CMH-201-TN', '07', { homeownerName: 'Finn Ray' }),
  ];
  backend.answer = (entry) => ({
    status: 201,
    body: { serviceRequestId: 77, serviceRequestNumber: '5077', assetId: Number(entry.query?.assetId) },
  });
  setNavigatorOnline(true);
});
afterEach(() => {
  cleanup();
  stopBackend();
  setNavigatorOnline(true);
});

const render = (serialNumber = 'CMH201TN', plantNumber = '42', requestType?: RequestType) =>
  renderScreen(() => <AddWorkOrderScreen user={user} serialNumber={serialNumber} plantNumber={plantNumber} requestType={requestType} />, {
    path: '/service/add/$serialNumber/$plantNumber',
    initialEntry: `/service/add/${serialNumber}/${plantNumber}`,
  });

const createButton = () => screen.findByRole('button', { name: 'Create Work Order' });
const reviewPath = /^\/servicerequests\/([^/]+)\/?$/;

describe('Add New Work Order (spec 3 §2)', () => {
  it('shows the home of the route: serial, plant, model, homeowner and address', async () => {
    await render();
    await createButton();
    expect(screen.getByRole('heading', { level: 1, name: 'Add New Work Order' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Home' });
    for (const text of ['CMH-201-TN', 'Maynardville (42)', 'The Anniversary', 'Eve Park', '9 Elm Rd, Maryville, TN 37801']) {
      expect(within(details).getByText(text, { exact: false })).toBeTruthy();
    }
  });

  it('says the home is not found for an unknown serial or plant', async () => {
    await render('CMH201TN', '99');
    expect(await screen.findByRole('heading', { name: 'Home not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Work Order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Service & Parts' }).getAttribute('href')).toBe('/service');
  });

  it('finds a home the device does not keep on the server (a large scope keeps 5,000), and keeps it for offline', async () => {
    backend.serverHomes = [home(909, 'OLD-909-TN', '42', { homeownerName: 'Ola Old', city: 'Sneedville' })];
    const first = await render('OLD909TN', '42');
    await createButton();
    expect(within(screen.getByRole('region', { name: 'Home' })).getByText('Ola Old')).toBeTruthy();
    const searched = backend.fetch.mock.calls.map(([input]) => String(input)).filter((input) => input.includes('page='));
    expect(searched.map((input) => new URL(input, 'http://localhost').searchParams.get('q'))).toEqual(['OLD909TN']);
    first.unmount();

    // Offline, the home picked is found with the device's copy.
    backend.offline = true;
    setNavigatorOnline(false);
    await render('OLD909TN', '42');
    await createButton();
    expect(within(screen.getByRole('region', { name: 'Home' })).getByText('Ola Old')).toBeTruthy();
  });

  it('creates the request once (POST CreateServiceRequest for the home), however often it is clicked, and opens its review', async () => {
    const { router } = await render();
    const button = await createButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toMatch(reviewPath));
    expect(router.state.location.pathname.match(reviewPath)![1]).toBe('77');
    // Whatever a second click might have queued goes out in the replay the first one started (or joined): once that
    // has ended with nothing left in the outbox, all that was sent is in.
    await waitFor(async () => {
      expect(getOffline().outbox.isReplaying()).toBe(false);
      expect(await getOffline().db.outbox.count()).toBe(0);
    });
    expect(backend.sent).toHaveLength(1);
    expect(backend.sent[0]).toMatchObject({
      method: 'POST',
      path: '/service/CreateServiceRequest',
      query: { plantNumber: '42', longSerialNumber: 'CMH-201-TN', assetId: '201' },
    });
  });

  it('hands the request type of the longer route to the review as ?type=', async () => {
    const { router } = await render('CMH201TN', '07', 'F');
    fireEvent.click(await createButton());
    await waitFor(() => expect(router.state.location.pathname).toMatch(reviewPath));
    expect(router.state.location.search).toEqual({ type: 'F' });
    expect(backend.sent[0]?.query).toMatchObject({ plantNumber: '07', assetId: '202' });
  });

  it('offline: uses the homes kept on the device, queues the create and opens the review on its temporary id', async () => {
    await getOffline().db.entities.put({
      kind: 'homes',
      id: scope,
      data: backend.homes as never,
      updatedAt: Date.now() - 2 * 24 * 60 * 60_000,
    });
    backend.offline = true;
    setNavigatorOnline(false);
    const { router } = await render();
    fireEvent.click(await createButton());
    expect(screen.getByText(/Saved copy of the homes, updated 2 days ago/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toMatch(reviewPath));
    const id = router.state.location.pathname.match(reviewPath)![1]!;
    expect(isTempId(id)).toBe(true);
    const queued = await getOffline().db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ path: '/service/CreateServiceRequest', createsTempId: id, status: 'pending' });
    expect(backend.sent).toHaveLength(0);
  });

  it("shows the server's refusal and lets the user try again", async () => {
    backend.answer = () => ({ status: 400, body: { message: 'This home is not in your retail center.' } });
    const { router } = await render();
    fireEvent.click(await createButton());
    expect((await screen.findByRole('alert')).textContent).toBe('This home is not in your retail center.');
    expect((screen.getByRole('button', { name: 'Create Work Order' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/service/add/CMH201TN/42');
    expect(await getOffline().db.outbox.count()).toBe(0);
  });
});
