import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyAccountScreen } from '../../../src/features/account/components/my-account-screen';
import { IDEMPOTENCY_HEADER } from '../../../src/contract';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const refreshProfile = vi.fn(async () => undefined);
const notices: Notification[] = [];
const user = { ...demoProfile('service'), rowVersion: 4 };

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  refreshProfile.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/myAccount', navigate: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
});

const renderAccount = (passwordExpired = false) =>
  renderScreen(() => <MyAccountScreen user={user} passwordExpired={passwordExpired} refreshProfile={refreshProfile} />, {
    path: '/myAccount',
  });

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const sentBody = () => JSON.parse(String(fetchMock.mock.calls.at(-1)![1].body)) as Record<string, unknown>;

describe('My Account (spec 1 §2, §5)', () => {
  it('shows the username disabled and the names to edit', async () => {
    await renderAccount();
    expect(input(/^Username/).disabled).toBe(true);
    expect(input(/^Username/).value).toBe(user.userName);
    expect(input(/^First name/).value).toBe('Sam');
    expect(input(/^Last name/).value).toBe('Rivera');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('first and last name are required and at most 20 characters, with the messages of the spec', async () => {
    await renderAccount();
    type(/^First name/, '');
    type(/^Last name/, 'x'.repeat(21));
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Last name can be no longer than 20 characters.')).toBeTruthy();
    type(/^First name/, 'y'.repeat(21));
    expect(await screen.findByText('First name can be no longer than 20 characters.')).toBeTruthy();
    save();
    await waitFor(() => expect(document.activeElement).toBe(input(/^First name/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an optional password change follows the password rules and must be confirmed', async () => {
    await renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    type(/^New password/, 'short');
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    type(/^New password/, 'longenough1');
    expect(await screen.findByText('Password must contain an upper-case letter.')).toBeTruthy();
    // One rule at a time (abortPipeEarly): the symbol rule shows once the upper-case one is met.
    type(/^New password/, 'Longenough1');
    expect(await screen.findByText('Password must contain one of # ? ! @ $ % ^ & * -.')).toBeTruthy();
    type(/^New password/, 'Longenough#1');
    type(/^Confirm new password/, 'Longenough#2');
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    save();
    // A submit that validation stopped ends by moving focus to the field to fix.
    await waitFor(() => expect(document.activeElement).toBe(input(/^Confirm new password/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('in passwordExpired mode the password section is open, explained and required', async () => {
    await renderAccount(true);
    expect(screen.getByText(/Your password has expired/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    save();
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves with the rowVersion, says 'Your account has been updated!' and refreshes the profile", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...user, firstName: 'Samuel', rowVersion: 5 }));
    await renderAccount();
    type(/^First name/, '  Samuel ');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    type(/^New password/, 'Newpass#2026');
    type(/^Confirm new password/, 'Newpass#2026');
    save();
    await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/Account');
    expect(init.method).toBe('PUT');
    expect(new Headers(init.headers).get(IDEMPOTENCY_HEADER)).toBeTruthy();
    expect(sentBody()).toEqual({
      firstName: 'Samuel',
      lastName: 'Rivera',
      password: 'Newpass#2026',
      confirmPassword: 'Newpass#2026',
      rowVersion: 4,
    });
    expect(notices).toEqual([{ level: 'success', title: 'Your account has been updated!' }]);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('a stale rowVersion (409): warns, reloads the profile and keeps the edits', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: 'This record was changed by someone else.', current: user }));
    await renderAccount();
    type(/^Last name/, 'Rivers');
    save();
    await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
    expect(notices).toEqual([expect.objectContaining({ level: 'warning', title: 'Your account was changed elsewhere.' })]);
    expect(input(/^Last name/).value).toBe('Rivers');
  });
});
