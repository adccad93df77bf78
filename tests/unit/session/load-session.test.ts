// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../src/features/session/api/keys';
import { loadSession } from '../../../src/features/session/session';
import { endSession, startSession } from '../../../src/features/session/session-lifecycle';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { clearStoredProfile, readStoredProfile, storeProfile } from '../../../src/lib/profile-storage';
import { clearToken, readToken, rememberRedirect, storeToken, takeRedirect } from '../../../src/lib/session-token';
import { META_OUTBOX_PAUSE, openOfflineDb } from '../../../src/offline/db';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { demoProfile } from '../fixtures/demo-profiles';
import { fakeJwt } from '../fixtures/tokens';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: () => undefined });
  setHttpNavigation({ currentPath: () => '/home', navigate: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  clearStoredProfile();
  takeRedirect();
  localStorage.clear();
  setNotifier(null);
  setHttpNavigation(null);
});

const tokenFor = (userName: string) => fakeJwt({ userName, exp: Math.floor(Date.now() / 1000) + 3600 });

describe('loadSession (spec 1 §4)', () => {
  it('is signed out without a token cookie', async () => {
    storeProfile(demoProfile('admin'));
    await expect(loadSession(queryClient)).resolves.toEqual({ status: 'signed-out' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uses the stored profile of the token's user at once and refreshes it in the background", async () => {
    const admin = demoProfile('admin');
    const refreshed = { ...admin, lastName: 'Morgan-Lee' };
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    storeToken(tokenFor(admin.userName.toUpperCase()));
    storeProfile(admin);
    await expect(loadSession(queryClient)).resolves.toEqual({ status: 'signed-in', user: admin });
    // The profile's fetcher is loaded on demand (features/session/api/profile-query.ts): the call follows.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/auth/api/Account/User');
    answer(new Response(JSON.stringify(refreshed), { status: 200, headers: { 'content-type': 'application/json' } }));
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionKeys.profile())).toEqual(refreshed));
    expect(readStoredProfile()).toEqual(refreshed);
  });

  it('asks the server only once per page, not on every navigation', async () => {
    const admin = demoProfile('admin');
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify(admin), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    storeToken(tokenFor(admin.userName));
    storeProfile(admin);
    await loadSession(queryClient);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await loadSession(queryClient);
    await loadSession(queryClient);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('prefers the profile in local storage over an older cached copy (after a retailer switch and reload)', async () => {
    const admin = demoProfile('admin');
    const switched = { ...admin, retailerNumber: '4218', currentRetailer: { ...admin.currentRetailer!, retailerNumber: '4218' } };
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    queryClient.setQueryData(sessionKeys.profile(), admin);
    storeToken(tokenFor(admin.userName));
    storeProfile(switched);
    await expect(loadSession(queryClient)).resolves.toEqual({ status: 'signed-in', user: switched });
    expect(queryClient.getQueryData(sessionKeys.profile())).toEqual(switched);
  });

  it("reloads the profile when the token's user differs from the stored profile", async () => {
    const sales = demoProfile('sales');
    storeToken(tokenFor(sales.userName));
    storeProfile(demoProfile('admin'));
    fetchMock.mockResolvedValue(new Response(JSON.stringify(sales), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(loadSession(queryClient)).resolves.toEqual({ status: 'signed-in', user: sales });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/auth/api/Account/User');
    expect(readStoredProfile()).toEqual(sales);
  });

  it('fails at once offline when no profile is stored (no endless pause)', async () => {
    storeToken(tokenFor('admin@demo.homesite.test'));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadSession(queryClient)).rejects.toMatchObject({ name: 'OfflineError' });
  });
});

describe('startSession and endSession', () => {
  it("drops the previous user's cached answers when another user signs in", () => {
    startSession(queryClient, demoProfile('admin'));
    queryClient.setQueryData(['quotes', 'list'], ['admin quote']);
    startSession(queryClient, demoProfile('admin'));
    expect(queryClient.getQueryData(['quotes', 'list'])).toEqual(['admin quote']);
    const sales = demoProfile('sales');
    startSession(queryClient, sales);
    expect(queryClient.getQueryData(['quotes', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(sessionKeys.profile())).toEqual(sales);
  });

  it('logout clears token, profile, remembered path and cache', () => {
    storeToken(tokenFor('admin@demo.homesite.test'));
    startSession(queryClient, demoProfile('admin'));
    queryClient.setQueryData(['quotes', 'list'], ['q']);
    rememberRedirect('/sales/quotes');
    endSession(queryClient);
    expect(readToken()).toBeUndefined();
    expect(readStoredProfile()).toBeNull();
    expect(takeRedirect()).toBeUndefined();
    expect(queryClient.getQueryData(['quotes', 'list'])).toBeUndefined();
  });

  it('signing in again sends at once the changes a 401 held on the device', async () => {
    const send = vi.fn(async () => ({ status: 201, body: {} }));
    const runtime = createOfflineRuntime({ db: openOfflineDb(`resume-${Math.random()}`), send });
    setOfflineRuntime(runtime);
    const admin = demoProfile('admin');
    storeToken(tokenFor(admin.userName));
    await runtime.outbox.enqueue({
      method: 'POST',
      base: 'api',
      path: '/Support',
      body: {},
      recordKey: 'support:1',
      label: 'Support',
      intent: { feature: 'support', kind: 'submit-support-request' },
    });
    await runtime.db.meta.put({ key: META_OUTBOX_PAUSE, value: { at: 1, error: { status: 401, message: 'Sign in again.' } } });
    startSession(queryClient, admin);
    await vi.waitFor(async () => expect(await runtime.db.outbox.count()).toBe(0));
    expect(send).toHaveBeenCalledTimes(1);
    expect(await runtime.outbox.pauseState()).toBeUndefined();
    setOfflineRuntime(undefined);
  });

  it('logout takes the kept work-order copies off the device but keeps unsent changes', async () => {
    const runtime = createOfflineRuntime({ db: openOfflineDb(`logout-${Math.random()}`), send: () => new Promise(() => {}) });
    setOfflineRuntime(runtime);
    await runtime.db.entities.put({ kind: 'work-orders', id: 'admin:4217', data: [], updatedAt: 1 });
    await runtime.outbox.enqueue({
      method: 'POST',
      base: 'api',
      path: '/Support',
      body: {},
      recordKey: 'support:1',
      label: 'Support',
      intent: { feature: 'support', kind: 'submit-support-request' },
    });
    endSession(queryClient);
    await vi.waitFor(async () => expect(await runtime.db.entities.count()).toBe(0));
    expect(await runtime.db.outbox.count()).toBe(1);
    setOfflineRuntime(undefined);
  });
});
