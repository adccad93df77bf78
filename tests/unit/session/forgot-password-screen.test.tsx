import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../../../src/features/session/components/login-screen';
import { ForgotPasswordScreen, SENDING_LINK_OFFLINE_MESSAGE } from '../../../src/features/session/components/forgot-password-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const SENT_MESSAGE = 'If that user exists, a link to set a new password is on its way.';
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/forgot-password', navigate: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
});

const renderPage = () => renderScreen(ForgotPasswordScreen, { path: '/forgot-password' });
const userName = () => screen.getByLabelText(/^User name/);
const sendLink = () => fireEvent.click(screen.getByRole('button', { name: 'Send link' }));

describe('forgot password (issue 29)', () => {
  it('the login screen links to it', async () => {
    await renderScreen(() => <LoginScreen expired={false} />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('asks for the user name before sending anything', async () => {
    await renderPage();
    sendLink();
    expect(await screen.findByText('User name is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the user name and shows the server's message in place of the form", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: SENT_MESSAGE }));
    await renderPage();
    fireEvent.change(userName(), { target: { value: '  Beth.Abbott@Example.test ' } });
    sendLink();
    expect((await screen.findByRole('status')).textContent).toBe(SENT_MESSAGE);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/auth/api/Account/ForgotPassword');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ userName: 'beth.abbott@example.test' });
    expect(screen.queryByLabelText(/^User name/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it("asked too often (429): the server's message as an alert, and the form stays", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many requests. Try again in 15 minutes.' }));
    await renderPage();
    fireEvent.change(userName(), { target: { value: 'beth' } });
    sendLink();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again in 15 minutes.');
    expect(userName()).toBeTruthy();
    expect(notices).toEqual([]);
  });

  it('offline: says a connection is needed', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderPage();
    fireEvent.change(userName(), { target: { value: 'beth' } });
    sendLink();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SENDING_LINK_OFFLINE_MESSAGE));
  });
});
