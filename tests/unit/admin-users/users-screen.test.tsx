import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedUser } from '../../../src/contract';
import { UsersScreen } from '../../../src/features/admin-users/components/users-screen';
import { READ_ONLY_USERS_MESSAGE } from '../../../src/features/admin-users/constants';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

/** jsdom does no layout: the list's viewport is 600 px high and each row 60 px, as a browser would say. */
const layoutProps = ['clientHeight', 'offsetHeight'] as const;
const ownDescriptors = new Map(layoutProps.map((prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)]));
beforeAll(() => {
  for (const prop of layoutProps) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        if (prop === 'clientHeight' && this.classList.contains('data-list__viewport')) return 600;
        if (prop === 'offsetHeight' && this.dataset.index !== undefined) return 60;
        return 0;
      },
    });
  }
});
afterAll(() => {
  for (const [prop, descriptor] of ownDescriptors) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
});

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
  user(2, 'Aaron', 'Young'),
  user(3, 'Carlos', 'Nash', { isActive: false }),
  user(4, 'Ingrid', 'Holt', { isInternal: true, allowEdit: false }),
  user(5, 'Rosa', 'Ortega', {
    allowEdit: false,
    retailers: [smoky('4217', 'Knoxville'), { retailerNumber: '5123', name: 'Blue Ridge Housing', retailerCity: 'Asheville' }],
  }),
  user(6, 'Tara', 'Vance', { allowEdit: false, isActive: false }),
];

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(200, USERS));
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: () => undefined });
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
