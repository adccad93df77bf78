import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../../src/app/router';
import { LINK_REFUSAL_MESSAGES } from '../../../src/contract';
import { SET_PASSWORD_OFFLINE_MESSAGE, SetPasswordScreen } from '../../../src/features/session/components/set-password-screen';
import { linkTokenInMemory } from '../../../src/features/session/link-token';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { readStoredProfile } from '../../../src/lib/profile-storage';
import { readToken, takeRedirect } from '../../../src/lib/session-token';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';

/** 43 base64url characters, as the server's 32 random bytes are written. */
const TOKEN = 'Inv1tat10n-T0ken_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const user = demoProfile('admin');
const bearerToken = fakeJwt({ userName: user.userName, exp: Math.floor(Date.now() / 1000) + 3600 });
const SENT_MESSAGE = 'If that user exists, a link to set a new password is on its way.';

type Handler = (init: RequestInit) => Promise<Response> | Response;
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let handlers: Record<string, Handler> = {};
const notices: Notification[] = [];

const validInvitation = {
  state: 'valid',
  purpose: 'invitation',
  userName: user.userName,
  firstName: user.firstName,
  expiresAt: '2026-12-13T07:00:00.000Z',
};

beforeEach(() => {
  notices.length = 0;
  handlers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected ${init.method} ${url.pathname}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/set-password', navigate: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  takeRedirect();
  localStorage.clear();
  linkTokenInMemory.token = null;
  document.cookie = 'Bearer=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
const bodyOf = (call: [string, RequestInit]) => JSON.parse(String(call[1].body)) as unknown;
const renderPage = (token: string | null = TOKEN) => renderScreen(() => <SetPasswordScreen token={token} />, { path: '/set-password' });

describe('set password from a one-time link (issue 29)', () => {
  it('offline: says a connection is needed, with Try again, and shows no form', async () => {
    handlers['POST /auth/api/Account/Link'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderPage();
    expect(await screen.findByText(SET_PASSWORD_OFFLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();

    // Back online: Try again asks again and the form appears.
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, validInvitation);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/New password/)).toBeTruthy();
    expect(screen.queryByText(SET_PASSWORD_OFFLINE_MESSAGE)).toBeNull();
  });

  it("a used link: says so and sends a new one by the link's user name", async () => {
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, { state: 'refused', reason: 'used', userName: user.userName });
    handlers['POST /auth/api/Account/ForgotPassword'] = () => jsonResponse(200, { message: SENT_MESSAGE });
    await renderPage();
    expect(await screen.findByText(LINK_REFUSAL_MESSAGES.used)).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(bodyOf(calls('/auth/api/Account/Link')[0]!)).toEqual({ token: TOKEN });

    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(SENT_MESSAGE);
    expect(calls('/auth/api/Account/ForgotPassword').map(bodyOf)).toEqual([{ userName: user.userName }]);
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
  });

  it('an unknown link (no user): offers the Forgot password page instead', async () => {
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, { state: 'refused', reason: 'unknown', userName: null });
    await renderPage();
    expect(await screen.findByText(LINK_REFUSAL_MESSAGES.unknown)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('a valid invitation: checks the passwords match, then sets it and signs in as a login does', async () => {
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, validInvitation);
    handlers['POST /auth/api/Account/SetPassword'] = () =>
      jsonResponse(200, { firstName: user.firstName, lastName: user.lastName, email: user.userName, bearerToken });
    handlers['GET /auth/api/Account/User'] = () => jsonResponse(200, user);
    const { router } = await renderPage();
    expect(await screen.findByRole('heading', { name: `Welcome to HomeSite, ${user.firstName}` })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'Demo#2026!' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Demo#2026?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(calls('/auth/api/Account/SetPassword')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Demo#2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls('/auth/api/Account/SetPassword').map(bodyOf)).toEqual([
      { token: TOKEN, password: 'Demo#2026!', confirmPassword: 'Demo#2026!' },
    ]);
    expect(readToken()).toBe(bearerToken);
    expect(readStoredProfile()).toEqual(user);
    expect(notices).toContainEqual({ level: 'success', title: `Hello ${user.firstName}`, description: 'Welcome to HomeSite' });
  });

  it('a password reset link that was replaced meanwhile (410): shows why instead of the form', async () => {
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, { ...validInvitation, purpose: 'reset' });
    handlers['POST /auth/api/Account/SetPassword'] = () =>
      jsonResponse(410, { state: 'refused', reason: 'replaced', userName: user.userName, message: LINK_REFUSAL_MESSAGES.replaced });
    await renderPage();
    expect(await screen.findByRole('heading', { name: `Set a new password for ${user.userName}` })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'Demo#2026!' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'Demo#2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(LINK_REFUSAL_MESSAGES.replaced)).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeTruthy();
    expect(readToken()).toBeUndefined();
  });

  it('opened without a token (a reload forgets it): asks to open the link again, without calling the server', async () => {
    await renderPage(null);
    expect(await screen.findByText(/Open the link from your e-mail again/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the /set-password/{token} route', () => {
  it('takes the token out of the address at once and checks the link with it', async () => {
    handlers['POST /auth/api/Account/Link'] = () => jsonResponse(200, validInvitation);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const history = createMemoryHistory({ initialEntries: [`/set-password/${TOKEN}`] });
    const router = createAppRouter(queryClient, history);
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: `Welcome to HomeSite, ${user.firstName}` })).toBeTruthy();
    expect(router.state.location.href).toBe('/set-password');
    // Replaced, not pushed: going back cannot reach the address with the token.
    expect(history.length).toBe(1);
    expect(history.location.href).not.toContain(TOKEN);
    expect(bodyOf(calls('/auth/api/Account/Link')[0]!)).toEqual({ token: TOKEN });
  });
});
