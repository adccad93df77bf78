import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../../../src/features/session/components/login-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { readStoredProfile } from '../../../src/lib/profile-storage';
import { readToken, rememberRedirect, takeRedirect } from '../../../src/lib/session-token';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';

/** Asked by the screen on opening: whether to offer "Sign in with …" (issue 33 §1). */
const OPTIONS = '/auth/oidc/options';
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
const admin = demoProfile('admin');
const token = fakeJwt({ userName: admin.userName, exp: Math.floor(Date.now() / 1000) + 3600 });
const account = { firstName: admin.firstName, lastName: admin.lastName, email: admin.userName, bearerToken: token };

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/login', navigate: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  takeRedirect();
  localStorage.clear();
  document.cookie = 'Bearer=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** Answers the login and profile calls like the server. */
function serverAnswers(profile = admin) {
  fetchMock.mockImplementation(async (url) => {
    if (String(url) === '/auth/api/Account/Token') return jsonResponse(200, account);
    if (String(url) === '/auth/api/Account/User') return jsonResponse(200, profile);
    if (String(url) === '/api/api/Logger') return new Response(null, { status: 204 });
    return jsonResponse(404, { message: 'not found' });
  });
}

const username = () => screen.getByLabelText(/^Username/);
const password = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

async function fillAndSubmit(user = admin.userName, secret = 'Demo#2026!') {
  fireEvent.change(username(), { target: { value: user } });
  fireEvent.change(password(), { target: { value: secret } });
  signIn();
}

const renderLogin = (returnUrl?: string) => renderScreen(() => <LoginScreen expired={false} returnUrl={returnUrl} />, { path: '/login' });

describe('login screen (spec 1 §2 Login, §4, §5)', () => {
  it('submits only when valid: empty fields show their messages and nothing is sent', async () => {
    await renderLogin();
    signIn();
    expect(await screen.findByText('Username is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    // Only whether single sign-on is offered was asked (on opening).
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== OPTIONS)).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(username()));
  });

  it('shows a message once a field is left empty', async () => {
    await renderLogin();
    fireEvent.blur(username());
    expect(await screen.findByText('Username is required.')).toBeTruthy();
  });

  it('signs in: token cookie, stored profile, welcome toast, then home', async () => {
    serverAnswers();
    const { router } = await renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called) !== OPTIONS)!;
    expect(String(url)).toBe('/auth/api/Account/Token');
    expect(JSON.parse(String(init.body))).toEqual({ Username: admin.userName, Password: 'Demo#2026!' });
    expect(readToken()).toBe(token);
    expect(readStoredProfile()).toEqual(admin);
    expect(notices).toContainEqual({ level: 'success', title: 'Hello Alex', description: 'Welcome to HomeSite' });
  });

  it('goes to the remembered path after signing in', async () => {
    serverAnswers();
    rememberRedirect('/sales/quotes?page=2');
    const { router } = await renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.href).toBe('/sales/quotes?page=2'));
  });

  it('goes to the root for a returnUrl without the customer marker', async () => {
    serverAnswers();
    const { router } = await renderLogin('sales');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("an expired password: 'Password expired!' and My Account in password-change mode", async () => {
    serverAnswers({ ...admin, passwordLastChanged: new Date(Date.now() - 100 * 24 * 60 * 60 * 1000).toISOString() });
    const { router } = await renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.href).toBe('/myAccount?passwordExpired=true'));
    expect(notices).toContainEqual({ level: 'error', id: 'password-expired', title: 'Password expired!' });
  });

  it("400: stays, shows the server's message, empties the password and can submit again", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(400, { message: 'The user name or password is incorrect.' }));
    const { router } = await renderLogin();
    await fillAndSubmit(admin.userName, 'wrong');
    await waitFor(() => expect(password().value).toBe(''));
    expect(notices).toEqual([{ level: 'warning', title: 'The user name or password is incorrect.' }]);
    expect((username() as HTMLInputElement).value).toBe(admin.userName);
    expect(router.state.location.pathname).toBe('/login');
    expect(readToken()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(password());
  });

  it('another failure: the Default error, and the failure is logged', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/api/Logger' ? new Response(null, { status: 204 }) : jsonResponse(500, { message: 'boom' }),
    );
    await renderLogin();
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/api/Logger')).toBe(true));
    expect(notices).toContainEqual({
      level: 'error',
      id: 'default-error',
      title: 'Error has occurred!',
      description: 'Uh oh! Looks like something has gone wrong with your request!',
    });
    const logCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/api/Logger')!;
    expect(JSON.parse(String(logCall[1].body))).toMatchObject({ format: 'error', message: 'Login failed' });
    expect(password().value).toBe('');
  });

  it('offline: says so instead of an error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    expect(notices).toEqual([]);
  });

  describe('single sign-on (issue 33 §1)', () => {
    const offering = (label: string) =>
      fetchMock.mockImplementation(async (url) =>
        String(url) === OPTIONS ? jsonResponse(200, { singleSignOn: { label } }) : jsonResponse(404, { message: 'not found' }),
      );

    it('no button when the server offers none', async () => {
      fetchMock.mockImplementation(async () => jsonResponse(200, { singleSignOn: null }));
      await renderLogin();
      await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === OPTIONS)).toBe(true));
      expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
    });

    it('"Sign in with {label}" above the password form leaves for the server’s start, with the returnUrl', async () => {
      offering('Valley View SSO');
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      await renderLogin('sales');
      const button = await screen.findByRole('button', { name: 'Sign in with Valley View SSO' });
      expect(button.compareDocumentPosition(password()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      fireEvent.click(button);
      expect(assign).toHaveBeenCalledWith('/auth/oidc/start?returnUrl=sales');
    });

    it('offline: the button kept from before, disabled, and why', async () => {
      offering('Valley View SSO');
      const first = await renderLogin();
      await screen.findByRole('button', { name: 'Sign in with Valley View SSO' });
      first.unmount();
      cleanup();
      fetchMock.mockReset();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
      try {
        await renderLogin();
        window.dispatchEvent(new Event('offline'));
        const button = await screen.findByRole('button', { name: 'Sign in with Valley View SSO' });
        await waitFor(() => expect(button).toHaveProperty('disabled', true));
        expect(screen.getByText('Signing in with Valley View SSO needs a connection: you are offline.')).toBeTruthy();
      } finally {
        Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
        window.dispatchEvent(new Event('online'));
      }
    });

    it('a refusal shows on the sign-in page', async () => {
      fetchMock.mockImplementation(async () => jsonResponse(200, { singleSignOn: { label: 'Okta' } }));
      await renderScreen(() => <LoginScreen expired={false} refusal="No HomeSite user for x@y.example — ask your administrator" />, {
        path: '/login/sso',
      });
      expect((await screen.findByRole('alert')).textContent).toBe('No HomeSite user for x@y.example — ask your administrator');
    });
  });
});
