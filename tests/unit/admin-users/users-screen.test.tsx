import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type ManagedUser } from '../../../src/contract';
import { UsersScreen } from '../../../src/features/admin-users/components/users-screen';
import { READ_ONLY_USERS_MESSAGE } from '../../../src/features/admin-users/constants';
import { formatDateTime } from '../../../src/lib/date-format';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { fakeListLayout } from '../fixtures/list-layout';

/** jsdom does no layout: the list's viewport is 600 px high and each row 60 px, as a browser would say. */
fakeListLayout();

const smoky = (retailerNumber: string, retailerCity: string) => ({ retailerNumber, name: 'Smoky Mountain Homes', retailerCity });
const user = (cmhUserId: number, firstName: string, lastName: string, overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  cmhUserId,
  userName: `${firstName}.${lastName}@smokymountainhomes.test`.toLowerCase(),
  firstName,
  lastName,
  isActive: true,
  isInternal: false,
  isPlantUser: false,
  roles: ['Sales_User'],
  retailers: [smoky('4217', 'Knoxville')],
  allowEdit: true,
  hasPassword: true,
  rowVersion: 0,
  ...overrides,
});
const USERS: ManagedUser[] = [
  user(1, 'Beth', 'Abbott', { retailers: [smoky('4217', 'Knoxville'), smoky('4218', 'Maryville'), smoky('4219', 'Sevierville')] }),
  user(2, 'Aaron', 'Young', { hasPassword: false }),
  user(3, 'Carlos', 'Nash', { isActive: false }),
  user(4, 'Ingrid', 'Holt', { isInternal: true, allowEdit: false }),
  user(5, 'Rosa', 'Ortega', {
    allowEdit: false,
    retailers: [smoky('4217', 'Knoxville'), { retailerNumber: '5123', name: 'Blue Ridge Housing', retailerCity: 'Asheville' }],
  }),
  user(6, 'Tara', 'Vance', { allowEdit: false, isActive: false }),
];

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
beforeEach(() => {
  notices.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(200, USERS));
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/admin/users', navigate: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
});

const table = (name: string) => screen.getByRole('table', { name });
const rowNames = (name: string) =>
  within(table(name))
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent)
        .join(' '),
    );

describe('Users list (spec 1 §2, §4)', () => {
  it('lists editable users and read-only users apart, with the read-only message and the active read-only count', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Beth Abbott', 'Aaron Young']));
    expect(rowNames('Read-only users')).toEqual(['Ingrid Holt', 'Rosa Ortega']);
    expect(screen.getByText(READ_ONLY_USERS_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Read-only users (2 active)' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toContain('/api/api/User/');
  });

  it('shows name, email, retailers with Show More, Is Active and an Edit User button; read-only rows have no button', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toHaveLength(2));
    const beth = within(table('Users you can edit')).getAllByRole('row')[1]!;
    expect(beth.textContent).toContain('beth.abbott@smokymountainhomes.test');
    expect(beth.textContent).toContain('Knoxville');
    expect(beth.textContent).not.toContain('Sevierville');
    fireEvent.click(within(beth).getByRole('button', { name: 'Show More (1)' }));
    await waitFor(() => expect(beth.textContent).toContain('Sevierville'));
    expect(within(beth).getByRole('button', { name: 'Show Less' })).toBeTruthy();
    expect(within(beth).getByText('Yes')).toBeTruthy();
    expect(within(beth).getByRole('link', { name: 'Edit User Beth Abbott' }).getAttribute('href')).toBe('/admin/users/1');
    expect(within(table('Read-only users')).queryAllByRole('link', { name: /Edit User/ })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admin/newUser');
  });

  it('shows inactive users only when Show Inactive Users is ticked', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toHaveLength(2));
    fireEvent.click(screen.getByRole('switch', { name: 'Show Inactive Users' }));
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Beth Abbott', 'Carlos Nash', 'Aaron Young']));
    expect(rowNames('Read-only users')).toEqual(['Ingrid Holt', 'Rosa Ortega', 'Tara Vance']);
    const carlos = within(table('Users you can edit')).getAllByRole('row')[2]!;
    expect(within(carlos).getByText('No')).toBeTruthy();
  });

  it('sorts by First Name, Last Name and Email, both lists at once', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toHaveLength(2));
    fireEvent.click(within(table('Users you can edit')).getByRole('button', { name: 'First Name' }));
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Aaron Young', 'Beth Abbott']));
    expect(rowNames('Read-only users')).toEqual(['Ingrid Holt', 'Rosa Ortega']);
    fireEvent.click(within(table('Users you can edit')).getByRole('button', { name: 'First Name' }));
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Beth Abbott', 'Aaron Young']));
    expect(rowNames('Read-only users')).toEqual(['Rosa Ortega', 'Ingrid Holt']);
    fireEvent.click(within(table('Users you can edit')).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Aaron Young', 'Beth Abbott']));
    expect(within(table('Users you can edit')).getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches both lists from one box, 500 ms after typing stops', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toHaveLength(2));
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'blue ridge' } });
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(rowNames('Users you can edit')).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(200));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(rowNames('Read-only users')).toEqual(['Rosa Ortega']));
    expect(rowNames('Users you can edit')).toEqual([]);
    expect(screen.getByText('No users match your search.')).toBeTruthy();
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
  });
});

describe('sending a one-time link from the users list (issue 29)', () => {
  const LINK = 'https://homesite.example.test/set-password/Inv1tat10n-T0ken_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const EXPIRES_AT = '2026-12-13T15:30:00.000Z';
  const aaron = 'aaron.young@smokymountainhomes.test';
  const beth = 'beth.abbott@smokymountainhomes.test';
  let delivery: 'mail' | 'none' = 'none';

  beforeEach(() => {
    delivery = 'none';
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/api/User/SendLink') return jsonResponse(200, USERS);
      const { cmhUserId } = JSON.parse(String(init.body)) as { cmhUserId: number };
      const target = USERS.find((candidate) => candidate.cmhUserId === cmhUserId)!;
      return jsonResponse(200, {
        purpose: target.hasPassword ? 'reset' : 'invitation',
        userName: target.userName,
        expiresAt: EXPIRES_AT,
        delivery,
        link: delivery === 'none' ? LINK : null,
      });
    });
  });

  const sendLinkCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/api/User/SendLink');
  const editableRow = (index: number) => within(table('Users you can edit')).getAllByRole('row')[index]!;

  it('offers Send invitation to a user without a password and Send password reset to the others; read-only and inactive rows neither', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Beth Abbott', 'Aaron Young']));
    expect(within(editableRow(1)).getByRole('button', { name: 'Send password reset to Beth Abbott' })).toBeTruthy();
    expect(within(editableRow(1)).queryByRole('button', { name: /Send invitation/ })).toBeNull();
    expect(within(editableRow(2)).getByRole('button', { name: 'Send invitation to Aaron Young' })).toBeTruthy();
    expect(within(editableRow(2)).queryByRole('button', { name: /Send password reset/ })).toBeNull();
    expect(within(table('Read-only users')).queryAllByRole('button', { name: /Send / })).toHaveLength(0);
    fireEvent.click(screen.getByRole('switch', { name: 'Show Inactive Users' }));
    await waitFor(() => expect(rowNames('Users you can edit')).toEqual(['Beth Abbott', 'Carlos Nash', 'Aaron Young']));
    expect(within(editableRow(2)).queryByRole('button', { name: /Send / })).toBeNull();
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit');
  });

  it('Send invitation asks first; No sends nothing', async () => {
    await renderScreen(UsersScreen, { path: '/admin/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitation to Aaron Young' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain(`Send an invitation to ${aaron}? The link can be used once.`);
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sendLinkCalls()).toHaveLength(0);
  });

  it('without a mail server: shows the link once, with the warning, Copy and Close', async () => {
    const writeText = vi.fn(async () => undefined);
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      await renderScreen(UsersScreen, { path: '/admin/users' });
      fireEvent.click(await screen.findByRole('button', { name: 'Send invitation to Aaron Young' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', { name: 'Yes' }));

      const dialog = await screen.findByRole('dialog', { name: 'Pass this link on' });
      const [, init] = sendLinkCalls()[0]!;
      expect(init.method).toBe('POST');
      expect(JSON.parse(String(init.body))).toEqual({ cmhUserId: 2 });
      expect(new Headers(init.headers).get(IDEMPOTENCY_HEADER)).toBeTruthy();
      expect(dialog.textContent).toContain(`No mail server is configured, so no e-mail was sent. Give this link to ${aaron} privately`);
      expect(dialog.textContent).toContain(`it is shown only this once and works until ${formatDateTime(EXPIRES_AT)}.`);
      expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(LINK);
      expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).readOnly).toBe(true);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(await within(dialog).findByText('The link is copied.')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(LINK);
      expect(notices.filter((notice) => notice.level === 'success')).toEqual([]);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByDisplayValue(LINK)).toBeNull();
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });

  it('mailed: a password reset says so in a toast, and no link is shown', async () => {
    delivery = 'mail';
    await renderScreen(UsersScreen, { path: '/admin/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send password reset to Beth Abbott' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(confirm.textContent).toContain(`Send a password reset link to ${beth}? The link can be used once.`);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notices).toContainEqual({ level: 'success', title: `Password reset sent to ${beth}.` }));
    expect(JSON.parse(String(sendLinkCalls()[0]![1].body))).toEqual({ cmhUserId: 1 });
    expect(screen.queryByRole('dialog', { name: 'Pass this link on' })).toBeNull();
  });
});
