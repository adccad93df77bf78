import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '../../../src/contract';
import { LoginScreen } from '../../../src/features/session/components/login-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { readToken } from '../../../src/lib/session-token';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { fakeJwt } from '../fixtures/tokens';

/* Issue 33 §2: with two-factor sign-in on, the password leads to the code step; the code opens the session. */

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
const sales = demoProfile('sales');
const token = fakeJwt({ userName: sales.userName, exp: Math.floor(Date.now() / 1000) + 3600 });
const account = { firstName: sales.firstName, lastName: sales.lastName, email: sales.userName, bearerToken: token };
const challenge = { twoFactor: 'code', challenge: 'signed.challenge.token', expiresAt: new Date(Date.now() + 300_000).toISOString() };

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
  localStorage.clear();
  document.cookie = 'Bearer=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** The server: a challenge for the password; the code 123456 opens the session, 410 for `expired`, 400 otherwise. */
function serverAnswers(options: { expired?: boolean } = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === '/auth/api/Account/Token') return jsonResponse(200, challenge);
    if (path === '/auth/api/Account/TwoFactor/Verify') {
      if (options.expired) return jsonResponse(410, { message: TWO_FACTOR_MESSAGES.challengeExpired });
      const body = JSON.parse(String(init.body)) as { challenge: string; code: string };
      expect(body.challenge).toBe(challenge.challenge);
      return body.code === '123456'
        ? jsonResponse(200, account)
        : jsonResponse(400, { message: TWO_FACTOR_MESSAGES.wrongCode, field: 'code' });
    }
    if (path === '/auth/api/Account/User') return jsonResponse(200, sales);
    return jsonResponse(404, { message: 'not found' });
  });
}

async function passwordStep() {
  const view = await renderScreen(() => <LoginScreen expired={false} />, { path: '/login' });
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: sales.userName } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo#2026!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return view;
}

const enterCode = (code: string) => {
  fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('the code step of sign-in (issue 33 §2)', () => {
  it('asks the code after the password, stays on a wrong one, and signs in with the right one', async () => {
    serverAnswers();
    const { router } = await passwordStep();
    expect(readToken()).toBeUndefined();
    enterCode('654 321');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy();
    expect(readToken()).toBeUndefined();
    enterCode('123 456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(readToken()).toBe(token);
    expect(notices).toContainEqual({ level: 'success', title: 'Hello Sky', description: 'Welcome to HomeSite' });
  });

  it('refuses what is neither a 6-digit code nor a recovery code before sending it', async () => {
    serverAnswers();
    await passwordStep();
    enterCode('12345');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/Verify'))).toBe(false);
  });

  it('goes back to the password when the challenge has ended, saying why', async () => {
    serverAnswers({ expired: true });
    await passwordStep();
    enterCode('123456');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
