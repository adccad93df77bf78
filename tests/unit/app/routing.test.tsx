import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter, type AppRouter } from '../../../src/app/router';
import { redirectHashBangLink, wireRouter } from '../../../src/app/wiring';
import { LINKS_COOKIE } from '../../../src/contract';
import { deleteCookie, writeCookie } from '../../../src/lib/cookies';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { storeProfile } from '../../../src/lib/profile-storage';
import { clearToken, storeToken, takeRedirect } from '../../../src/lib/session-token';
import { ModalsProvider } from '../../../src/ui/modals';
import { demoProfile, type DemoKey } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
let unwire: (() => void) | undefined;
let partnerPortal = false;
let signedInUser: ReturnType<typeof demoProfile> | undefined;

beforeEach(() => {
  partnerPortal = false;
  signedInUser = undefined;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/service/hxstatus/')) {
      return jsonResponse(200, {
        id: 1,
        developerName: '',
        businessUnit: '',
        businessUnitNumber: '',
        deployWorkflow: false,
        deployDispatch: false,
        deployPortal: partnerPortal,
        partnerPortal,
      });
    }
    if (url === '/auth/api/Account/User' && signedInUser) return jsonResponse(200, signedInUser);
    if (url === '/auth/api/Account/Logout') return new Response(null, { status: 204 });
    if (url === '/api/FileStream/GetTermsOfUseDocumentDetails/') {
      return jsonResponse(200, { CreateDate: '/Date(1704067200000)/', ModifyDate: '/Date(1704067200000)/' });
    }
    return jsonResponse(404, { message: 'not here' });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  notices.length = 0;
});

afterEach(() => {
  cleanup();
  unwire?.();
  vi.unstubAllGlobals();
  clearToken();
  takeRedirect();
  localStorage.clear();
  deleteCookie(LINKS_COOKIE);
});

function signInAs(key: DemoKey, changes: Partial<ReturnType<typeof demoProfile>> = {}) {
  const user = { ...demoProfile(key), ...changes };
  storeToken(fakeJwt({ userName: user.userName, exp: Math.floor(Date.now() / 1000) + 3600 }));
  storeProfile(user);
  signedInUser = user;
  return user;
}

async function openApp(path: string): Promise<AppRouter> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  unwire = wireRouter(router);
  setNotifier({ notify: (notice) => notices.push(notice) });
  render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return router;
}

window.scrollTo = () => undefined;

describe('routes and guard (spec 1 §2, §4)', () => {
  it('without a token: remembers the path and goes to /login, titled Login', async () => {
    const router = await openApp('/myAccount?passwordExpired=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome to HomeSite' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('HomeSite - Login'));
    expect(takeRedirect()).toBe('/myAccount?passwordExpired=true');
  });

  it('/ and /releaseNotes redirect to /home', async () => {
    signInAs('service');
    const router = await openApp('/releaseNotes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(document.title).toBe('HomeSite - Home'));
  });

  it('an unknown route goes to /404 with its text and a Back to Website button', async () => {
    const router = await openApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('This page does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Website' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('HomeSite - 404'));
  });

  it('/login/expired uses the login template, titled Login', async () => {
    const router = await openApp('/login/expired');
    expect(await screen.findByText(/Your session has ended/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/expired');
    await waitFor(() => expect(document.title).toBe('HomeSite - Login'));
  });

  it('opening /login clears the stored token and profile', async () => {
    signInAs('admin');
    await openApp('/login');
    await screen.findByRole('heading', { name: 'Welcome to HomeSite' });
    expect(document.cookie).not.toContain('Bearer=');
    expect(localStorage.getItem('HomeSite.profile')).toBeNull();
  });

  it('an old #!/x link becomes /x', () => {
    window.history.replaceState(null, '', '/#!/myAccount?passwordExpired=true');
    redirectHashBangLink();
    expect(window.location.pathname + window.location.search).toBe('/myAccount?passwordExpired=true');
    expect(window.location.hash).toBe('');
  });
});

describe('home and header (spec 1 §2, §6)', () => {
  it('shows the header and the tiles of the role', async () => {
    signInAs('sales');
    await openApp('/home');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Sky Patel')).toBeTruthy();
    expect(within(header).getByText('#4217')).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'Apps' });
    const names = within(tiles)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Leads',
      'Quotes',
      'Orders',
      'Inventory',
      'NPS',
      'Reports',
      'Learn',
      'Help',
      'Feedback',
      'My Facilities',
      'My Plants',
    ]);
    expect(within(tiles).getByRole('link', { name: 'Leads' }).getAttribute('href')).toBe('/sales/leads');
  });

  it('a partner portal shows Service Center, opening its configured URL in a new tab', async () => {
    partnerPortal = true;
    writeCookie(LINKS_COOKIE, JSON.stringify({ 'Service Center': 'https://service.example.com/' }));
    signInAs('service');
    await openApp('/home');
    const link = await screen.findByRole('link', { name: /Service Center/ });
    expect(link.getAttribute('href')).toBe('https://service.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Inventory' })).toBeNull();
  });

  it('an app outside the product without a configured URL is shown disabled, saying why', async () => {
    signInAs('admin');
    await openApp('/home');
    const tile = await screen.findByTitle('Prospects is not configured for this site.');
    expect(tile.getAttribute('aria-disabled')).toBe('true');
    expect(tile.tagName).not.toBe('A');
  });

  it('the terms modal asks a user who never accepted them', async () => {
    signInAs('service', { termsAcceptanceDate: null });
    await openApp('/home');
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(within(dialog).getByRole('button', { name: 'Agree' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Disagree' })).toBeTruthy();
  });

  it('EBE users are sent from home to the driver management search', async () => {
    signInAs('driver');
    const router = await openApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transportation/driver-management/search'));
    expect(router.history.location.pathname).toBe('/transportation/driver-management/search');
  });

  it("logout: tells the server, clears the session and says 'You have successfully logged out!'", async () => {
    signInAs('service');
    const router = await openApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: /User menu/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(notices).toContainEqual({ level: 'success', title: 'You have successfully logged out!' }));
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/auth/api/Account/Logout')!;
    expect(logoutCall[1].method).toBe('POST');
    expect(document.cookie).not.toContain('Bearer=');
    expect(localStorage.getItem('HomeSite.profile')).toBeNull();
  });

  it('the user menu offers My Account only to non-internal users', async () => {
    signInAs('internal');
    await openApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: /User menu/ }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Support', 'Device status', "What's new?", 'Search retail centers…', 'Logout']);
  });

  it('internal users are redirected away from /myAccount', async () => {
    signInAs('internal');
    const router = await openApp('/myAccount');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('an expired password allows only My Account in password-change mode', async () => {
    signInAs('service', { passwordLastChanged: new Date(Date.now() - 95 * 24 * 60 * 60 * 1000).toISOString() });
    const router = await openApp('/home');
    await waitFor(() => expect(router.state.location.href).toBe('/myAccount?passwordExpired=true'));
    expect(await screen.findByText(/Your password has expired/)).toBeTruthy();
    expect(notices).toEqual([expect.objectContaining({ title: 'Password expired!' })]);
  });
});

/*
 * issue 21 §5: each area's routes sit under one guard layout that checks what the server checks (lib/permissions), so a
 * deep link is turned away like the area's menu entry. /workorders, /servicerequests and /reports/invoice had no guard.
 */
const GUARDED_DEEP_LINKS: [area: string, path: string][] = [
  ['Service & Parts', '/workorders/81'],
  ['Service & Parts', '/workorders/81/info'],
  ['Service & Parts', '/servicerequests/42'],
  ['Service & Parts', '/servicerequests/42/910/7001/info'],
  ['Service & Parts', '/partsorders/7'],
  ['Service & Parts', '/partsorders/vantage/9'],
  ['Service & Parts', '/service/parts'],
  ['sales', '/sales/quotes'],
  ['sales', '/reports/invoice/4217/910/123'],
  ['sales', '/reports/sales/order/910/123/456'],
  ['leads', '/sales/leads'],
  ['leads', '/crm/web/prospects/5/contactInfo'],
  ['delivery reports', '/reports/deliveryreports/3'],
  ['delivery reports', '/surveys/deliveryreports/3'],
];

describe('a guard layout per area (issue 21 §5)', () => {
  it.each(GUARDED_DEEP_LINKS)('%s: a user without its roles is turned away from %s to /home', async (_area, path) => {
    signInAs('service', { roles: ['Warranty_User'] });
    const router = await openApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it.each(GUARDED_DEEP_LINKS)('%s: a user with its roles opens %s', async (_area, path) => {
    signInAs('admin');
    const router = await openApp(path);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.matches.at(-1)?.status).toBe('success');
    });
  });
});
