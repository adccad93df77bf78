import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyAccountScreen } from '../../../src/features/account/components/my-account-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
const user = { ...demoProfile('sales'), rowVersion: 2 };

beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
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

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('My Account: the password is required once a change is started (spec 1 §5)', () => {
  it("'Change password' with nothing typed asks for the password and sends nothing", async () => {
    await renderScreen(() => <MyAccountScreen user={user} passwordExpired={false} refreshProfile={async () => undefined} />, {
      path: '/myAccount',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    save();
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    // A submit that validation stopped ends by moving focus to the field to fix.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^New password/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("'Keep my current password' drops the requirement: the names alone are saved", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ...user, rowVersion: 3 }));
    await renderScreen(() => <MyAccountScreen user={user} passwordExpired={false} refreshProfile={async () => undefined} />, {
      path: '/myAccount',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    save();
    await screen.findByText('Password is required.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my current password' }));
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toMatchObject({
      firstName: 'Sky',
      lastName: 'Patel',
      password: '',
      rowVersion: 2,
    });
    await waitFor(() => expect(notices).toEqual([{ level: 'success', title: 'Your account has been updated!' }]));
  });
});
