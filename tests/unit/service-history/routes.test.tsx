import 'fake-indexeddb/auto';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/app/query-client';
import { createAppRouter, type AppRouter } from '../../../src/app/router';
import { redirectHashBangLink, wireRouter } from '../../../src/app/wiring';
import type { CmhUser } from '../../../src/contract';
import { HISTORY_KINDS } from '../../../src/features/service-history/api/keys';
import { HISTORY_MESSAGES } from '../../../src/features/service-history/messages';
import { storeProfile } from '../../../src/lib/profile-storage';
import { clearToken, storeToken, takeRedirect } from '../../../src/lib/session-token';
import { ModalsProvider } from '../../../src/ui/modals';
import { demoProfile, type DemoKey } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';
import { home, seedHomeSeven, startBackend, stopBackend, type HistoryBackend } from './fixtures';

window.scrollTo = () => undefined;

let backend: HistoryBackend;
let unwire: (() => void) | undefined;
let signedInUser: CmhUser | undefined;

beforeEach(() => {
  backend = startBackend();
  seedHomeSeven(backend);
  backend.homes = [home(7, 'MAY012345TNA', '910')];
  const serveHistory = backend.fetch.getMockImplementation()!;
  // The shell's own reads (profile, terms, portal metadata) beside the history's.
  backend.fetch.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/auth/api/Account/User' && signedInUser) return jsonResponse(200, signedInUser);
    if (url.startsWith('/api/service/hxstatus/')) {
      return jsonResponse(200, {
        id: 1,
        developerName: '',
        businessUnit: '',
        businessUnitNumber: '',
        deployWorkflow: false,
        deployDispatch: false,
        deployPortal: false,
        partnerPortal: false,
      });
    }
    if (url === '/api/FileStream/GetTermsOfUseDocumentDetails/')
      return jsonResponse(200, { CreateDate: '/Date(1704067200000)/', ModifyDate: '/Date(1704067200000)/' });
    return serveHistory(input, init);
  });
});

afterEach(() => {
  cleanup();
  unwire?.();
  unwire = undefined;
  stopBackend();
  clearToken();
  takeRedirect();
  localStorage.clear();
  signedInUser = undefined;
  onlineManager.setOnline(true);
});

function signInAs(key: DemoKey, changes: Partial<CmhUser> = {}) {
  const user = { ...demoProfile(key), ...changes };
  storeToken(fakeJwt({ userName: user.userName, exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeProfile(user);
  signedInUser = user;
}

function openApp(path: string): AppRouter {
  // The app's own query defaults: offline, a query runs once and then pauses its retries.
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  unwire = wireRouter(router);
  render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('service history routes', () => {
  it("/serviceHistory/{assetId} is titled 'Service History' and shows the home's history", async () => {
    signInAs('viewer');
    openApp('/serviceHistory/7');
    const requests = await screen.findByRole('region', { name: 'Service Requests' });
    expect(await within(requests).findByRole('link', { name: 'Work Order WO-0000041' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('HomeSite - Service History'));
  });

  it('the header-link form resolves the serial digits and plant to the home', async () => {
    signInAs('service');
    const router = openApp('/serviceHistory/012345/910');
    const parts = await screen.findByRole('region', { name: 'Parts Orders' });
    expect(await within(parts).findByRole('link', { name: 'Parts Order L-1001' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/serviceHistory/012345/910');
  });

  it('an old #!/serviceHistory/… link becomes the route', () => {
    window.history.replaceState(null, '', '/#!/serviceHistory/012345/910');
    redirectHashBangLink();
    expect(window.location.pathname).toBe('/serviceHistory/012345/910');
  });

  it('homeowner users are let in', async () => {
    signInAs('sales', { roles: ['Home_Owner_Viewer'] });
    const router = openApp('/serviceHistory/7');
    expect(await screen.findByRole('region', { name: 'Warranty Card' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/serviceHistory/7');
  });

  it('users who may not see service go home', async () => {
    signInAs('sales');
    const router = openApp('/serviceHistory/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(backend.reads.some((read) => /assets|\/api\/service\?|parts/i.test(read))).toBe(false);
  });

  it('an asset id that is not a number is an unknown route', async () => {
    signInAs('viewer');
    const router = openApp('/serviceHistory/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  describe("offline, with the app's query defaults", () => {
    const goOffline = () => {
      backend.offline = true;
      onlineManager.setOnline(false);
    };

    it('a home opened online shows its kept copy; a part never kept says it is not on this device', async () => {
      signInAs('service');
      openApp('/serviceHistory/7');
      await within(await screen.findByRole('region', { name: 'Parts Orders' })).findByRole('link', { name: 'Parts Order L-1001' });
      cleanup();
      unwire?.();
      await backend.db.entities.delete([HISTORY_KINDS.parts, '7']);
      goOffline();

      openApp('/serviceHistory/7');
      const requests = await screen.findByRole('region', { name: 'Service Requests' });
      expect(await within(requests).findByRole('link', { name: 'Work Order WO-0000041' })).toBeTruthy();
      expect(within(requests).getByRole('status').textContent).toMatch(/^Saved copy, updated just now/);
      const parts = screen.getByRole('region', { name: 'Parts Orders' });
      expect(await within(parts).findByText(HISTORY_MESSAGES.parts.offline)).toBeTruthy();
    });

    it('a home never opened: its history is not on this device', async () => {
      signInAs('service');
      goOffline();
      openApp('/serviceHistory/7');
      expect(await screen.findByText(HISTORY_MESSAGES.notOnDevice)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByText('Loading...')).toBeNull();
    });
  });
});
