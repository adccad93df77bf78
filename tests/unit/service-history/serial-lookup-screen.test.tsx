import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CmhUser } from '../../../src/contract';
import { SerialLookupScreen } from '../../../src/features/service-history/components/serial-lookup-screen';
import { HISTORY_MESSAGES } from '../../../src/features/service-history/messages';
import { demoProfile } from '../fixtures/demo-profiles';
import { renderScreen } from '../fixtures/render-screen';
import { home, seedHomeSeven, startBackend, stopBackend, warrantyCard, type HistoryBackend } from './fixtures';

let backend: HistoryBackend;
beforeEach(() => {
  backend = startBackend();
  seedHomeSeven(backend);
  backend.homes = [
    home(7, 'MAY012345TNA', '910', { homeownerName: 'Ann Lee' }),
    home(8, 'MAY012345TNA', '911', { homeownerName: 'Bo Diaz' }),
    home(9, 'MAY012346TNA', '910', { homeownerName: 'Cy Fox' }),
  ];
});
afterEach(() => {
  cleanup();
  stopBackend();
});

const viewer = demoProfile('viewer');

const render = (serialDigits: string, plantNumber: string, user: CmhUser = viewer) =>
  renderScreen(() => <SerialLookupScreen serialDigits={serialDigits} plantNumber={plantNumber} user={user} />, {
    path: '/serviceHistory/$serialDigits/$plantNumber',
    initialEntry: `/serviceHistory/${serialDigits}/${plantNumber}`,
  });

describe('/serviceHistory/{serial digits}/{plantNumber} (spec 1 §2 header link)', () => {
  it('opens the history of the one home whose serial has these digits at index 3 to 9, at that plant', async () => {
    await render('012345', '910');
    const requests = await screen.findByRole('region', { name: 'Service Requests' });
    expect(await within(requests).findByRole('link', { name: 'Work Order WO-0000041' })).toBeTruthy();
    expect(backend.reads).toContain('GET /api/service?assetId=7');
    expect(backend.reads).not.toContain('GET /api/service?assetId=8');
  });

  it('no matching home: a clear not-found state', async () => {
    await render('999999', '910');
    expect(await screen.findByRole('heading', { name: 'Home not found' })).toBeTruthy();
    expect(screen.getByText(/No home with serial digits 999999 at plant 910/)).toBeTruthy();
    expect(backend.reads.some((read) => read.includes('/api/service'))).toBe(false);
  });

  it('several matching homes: lists them to choose', async () => {
    backend.homes.push(home(10, 'MAY012345TNB', '910', { homeownerName: 'Di Gray' }));
    const { router } = await render('012345', '910');
    const choices = await screen.findByRole('region', { name: 'Choose a home' });
    const links = within(choices).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/serviceHistory/7', '/serviceHistory/10']);
    expect(links[1]!.textContent).toContain('MAY012345TNB');
    expect(links[1]!.textContent).toContain('Di Gray');
    fireEvent.click(links[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceHistory/10'));
  });

  it('homeowner users find their homes in the homeowner list (they may not read the service homes)', async () => {
    backend.homeowners = [warrantyCard(7), warrantyCard(12, { serialNumber: 'BEA555555TNA', plantNumber: '911' })];
    const homeowner = { ...demoProfile('viewer'), roles: ['Home_Owner_Viewer'] };
    await render('012345', '910', homeowner);
    const card = await screen.findByRole('region', { name: 'Warranty Card' });
    await waitFor(() => expect(within(card).getByText('Ann M Lee')).toBeTruthy());
    expect(backend.reads).toContain('GET /api/Warranty/Homeowners');
    expect(backend.reads.some((read) => /\/api\/homes/i.test(read))).toBe(false);
  });

  it('offline with no list of homes on the device: says the home cannot be found', async () => {
    backend.offline = true;
    await render('012345', '910');
    expect((await screen.findByRole('alert')).textContent).toContain(HISTORY_MESSAGES.lookup.offline);
  });

  it('offline after an online visit: the kept list resolves the link and the kept history shows', async () => {
    await render('012345', '910');
    await within(await screen.findByRole('region', { name: 'Parts Orders' })).findByRole('link', { name: 'Parts Order L-1001' });
    cleanup();
    backend.offline = true;
    await render('012345', '910');
    const parts = await screen.findByRole('region', { name: 'Parts Orders' });
    expect(await within(parts).findByRole('link', { name: 'Parts Order L-1001' })).toBeTruthy();
    expect(within(parts).getByRole('status').textContent).toMatch(/^Saved copy, updated/);
  });
});
