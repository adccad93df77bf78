import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type ManagedUser, type Role } from '../../../src/contract';
import { EditUserPanel, NewUserPanel } from '../../../src/features/admin-users/components/user-form-panel';
import { USER_ADMIN_SUPPORT_EMAIL } from '../../../src/features/admin-users/constants';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { ModalsProvider } from '../../../src/ui/modals';
import { demoProfile } from '../fixtures/demo-profiles';
import { jsonResponse } from '../fixtures/render-screen';

window.scrollTo = () => undefined;

const admin = demoProfile('admin');
const ROLES: Role[] = [
  'Home_Owner_Viewer',
  'MyCustomHomes',
  'Rtl_Admin',
  'Sales_User',
  'Sales_Viewer',
  'Service_User',
  'Service_Viewer',
  'TRU_Express',
  'Warranty_User',
].map((name, index) => ({ roleId: index + 1, name, description: `${name} does things.` }));
const editable: ManagedUser = {
  cmhUserId: 7,
  userName: 'beth.abbott@smokymountainhomes.test',
  firstName: 'Beth',
  lastName: 'Abbott',
  isActive: true,
  isInternal: false,
  isPlantUser: false,
  roles: ['MyCustomHomes', 'Sales_User'],
  retailers: [{ retailerNumber: '4217', name: 'Smoky Mountain Homes', retailerCity: 'Knoxville' }],
  allowEdit: true,
  hasPassword: true,
  rowVersion: 3,
};

type Handler = (url: URL, init: RequestInit) => Promise<Response> | Response;
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let handlers: Record<string, Handler> = {};
const notices: Notification[] = [];
const existingEmails = new Set(['viewer@demo.homesite.test']);

beforeEach(() => {
  notices.length = 0;
  handlers = {
    'GET /api/api/Group/': () => jsonResponse(200, ROLES),
    'GET /api/api/User/CheckForExistingEmail': (url) =>
      jsonResponse(200, { exists: existingEmails.has((url.searchParams.get('email') ?? '').toLowerCase()) }),
    'GET /api/api/User/': (url) =>
      url.searchParams.get('cmhUserId') === '7' ? jsonResponse(200, editable) : jsonResponse(404, { message: 'User not found.' }),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected ${init.method} ${url.pathname}`);
    return handler(url, init);
  });
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

function renderPanels(initialEntry: string) {
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({
    getParentRoute: () => root,
    id: 'users-layout',
    component: () => (
      <>
        <h1>Users</h1>
        <Outlet />
      </>
    ),
  });
  const users = createRoute({ getParentRoute: () => layout, path: '/admin/users' });
  const edit = createRoute({
    getParentRoute: () => users,
    path: '$cmhUserId',
    component: function Edit() {
      const params: { cmhUserId?: string } = useParams({ strict: false });
      return <EditUserPanel admin={admin} cmhUserId={Number(params.cmhUserId)} />;
    },
  });
  const add = createRoute({ getParentRoute: () => layout, path: '/admin/newUser', component: () => <NewUserPanel admin={admin} /> });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([users.addChildren([edit]), add])]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const optionsIn = (listName: string) =>
  within(screen.getByRole('listbox', { name: new RegExp(`^${listName}`) }))
    .queryAllByRole('option')
    .map((option) => option.querySelector('.dual-list__option-label')?.textContent);
const writes = () => fetchMock.mock.calls.filter(([, init]) => init.method && init.method !== 'GET');
const sentBody = () => JSON.parse(String(writes().at(-1)![1].body)) as Record<string, unknown>;

async function fillNewUser(email = 'nina.lopez@smokymountainhomes.test') {
  await screen.findByRole('dialog', { name: 'New User' });
  type(/^First name/, 'Nina');
  type(/^Last name/, 'Lopez');
  type(/^Email/, email);
  type(/^Initial password/, 'Welcome#2026');
  type(/^Confirm initial password/, 'Welcome#2026');
}

describe('New User panel (spec 1 §2, §4, §5)', () => {
  it('opens active, with the Add/Edit preset and the admin’s current retail center, and focuses first name after 500 ms', async () => {
    renderPanels('/admin/newUser');
    const dialog = await screen.findByRole('dialog', { name: 'New User' });
    expect(document.activeElement).not.toBe(field(/^First name/));
    await waitFor(() => expect(document.activeElement).toBe(field(/^First name/)), { timeout: 1500 });
    expect((within(dialog).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(optionsIn('Assigned roles')).toEqual(['Sales_User', 'Service_User', 'Warranty_User']));
    expect(screen.getByRole('button', { name: 'Add/Edit' }).getAttribute('aria-pressed')).toBe('true');
    expect(optionsIn('Assigned retail centers')).toEqual([expect.stringContaining(`(${admin.retailerNumber})`)]);
    expect(field(/^Email/).disabled).toBe(false);
  });

  it('shows the spec’s messages and sends nothing while the form is invalid', async () => {
    renderPanels('/admin/newUser');
    await screen.findByRole('dialog', { name: 'New User' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove all from Assigned roles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove all from Assigned retail centers' }));
    save();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Email is required.',
      'At least one role must be assigned.',
      'At least one retail center must be assigned.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    type(/^Email/, 'nina@smokymountainhomes');
    expect(await screen.findByText('Email must be in the following format: name@example.com')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('checks the address on blur and shows emailExists as the field error', async () => {
    renderPanels('/admin/newUser');
    await screen.findByRole('dialog', { name: 'New User' });
    type(/^Email/, 'Viewer@demo.homesite.test ');
    expect(await screen.findByText('This email is already in use.')).toBeTruthy();
    const checked = fetchMock.mock.calls.find(([input]) => String(input).includes('CheckForExistingEmail'))!;
    expect(new URL(String(checked[0]), 'http://localhost').searchParams.get('email')).toBe('Viewer@demo.homesite.test');
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    type(/^Email/, 'someone.new@smokymountainhomes.test');
    await waitFor(() => expect(screen.queryByText('This email is already in use.')).toBeNull());
  });

  it('a preset sets the role selection', async () => {
    renderPanels('/admin/newUser');
    await screen.findByRole('dialog', { name: 'New User' });
    fireEvent.click(await screen.findByRole('button', { name: 'View Only' }));
    await waitFor(() => expect(optionsIn('Assigned roles')).toEqual(['Home_Owner_Viewer', 'Sales_Viewer', 'Service_Viewer']));
    expect(screen.getByRole('button', { name: 'View Only' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add/Edit' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('never offers Rtl_Admin, MyCustomHomes or TRU_Express to a new user', async () => {
    renderPanels('/admin/newUser');
    await screen.findByRole('dialog', { name: 'New User' });
    const available = await screen.findByRole('listbox', { name: /^Available roles/ });
    await waitFor(() => expect(within(available).getAllByRole('option').length).toBeGreaterThan(3));
    for (const role of ['Rtl_Admin', 'MyCustomHomes', 'TRU_Express']) {
      const option = within(available).getByText(role).closest('[role="option"]')!;
      expect(option.getAttribute('aria-disabled'), role).toBe('true');
    }
  });

  it('saves: “Saving...” and a locked panel meanwhile, then a toast and back to the list', async () => {
    let answer!: (response: Response) => void;
    handlers['POST /api/api/User/'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const { router } = renderPanels('/admin/newUser');
    await fillNewUser();
    save();
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Close New User' }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes()[0]![1].headers).toBeDefined();
    expect(sentBody()).toEqual({
      firstName: 'Nina',
      lastName: 'Lopez',
      userName: 'nina.lopez@smokymountainhomes.test',
      isActive: true,
      roles: ['Sales_User', 'Service_User', 'Warranty_User'],
      retailerNumbers: [admin.retailerNumber],
      password: 'Welcome#2026',
      confirmPassword: 'Welcome#2026',
    });
    const headers = new Headers(writes()[0]![1].headers);
    expect(headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);

    answer(jsonResponse(201, { ...editable, cmhUserId: 99, firstName: 'Nina', lastName: 'Lopez', roles: ['Sales_User'], rowVersion: 0 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(notices).toContainEqual(expect.objectContaining({ level: 'success', title: 'Nina Lopez has been added.' }));
  });

  it('puts the server’s answer about a field on that field', async () => {
    handlers['POST /api/api/User/'] = () =>
      jsonResponse(400, {
        message: 'This email is already in use.',
        field: 'userName',
        issues: [{ field: 'userName', message: 'This email is already in use.' }],
      });
    const { router } = renderPanels('/admin/newUser');
    await fillNewUser('taken.meanwhile@smokymountainhomes.test');
    save();
    expect(await screen.findByText('This email is already in use.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/newUser');
    expect(notices.filter((notice) => notice.level === 'warning')).toHaveLength(0);
  });
});

describe('Edit User panel (spec 1 §2, §4, §5)', () => {
  it('loads the user; the email is disabled; roles the user has stay, others of the three cannot be added', async () => {
    renderPanels('/admin/users/7');
    await screen.findByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(field(/^First name/).value).toBe('Beth'));
    expect(field(/^Email/).disabled).toBe(true);
    expect(field(/^Email/).value).toBe(editable.userName);
    expect(screen.queryByLabelText(/^Initial password/)).toBeNull();
    await waitFor(() => expect(optionsIn('Assigned roles')).toEqual(['MyCustomHomes', 'Sales_User']));
    const assigned = screen.getByRole('listbox', { name: /^Assigned roles/ });
    expect(within(assigned).getByText('MyCustomHomes').closest('[role="option"]')!.getAttribute('aria-disabled')).toBeNull();
    const available = screen.getByRole('listbox', { name: /^Available roles/ });
    expect(within(available).getByText('Rtl_Admin').closest('[role="option"]')!.getAttribute('aria-disabled')).toBe('true');
  });

  it('saves the change with its rowVersion', async () => {
    handlers['PUT /api/api/User/'] = (_url, init) => {
      const body = JSON.parse(String(init.body)) as ManagedUser;
      return jsonResponse(200, { ...editable, lastName: body.lastName, isActive: body.isActive, rowVersion: 4 });
    };
    const { router } = renderPanels('/admin/users/7');
    await screen.findByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(field(/^Last name/).value).toBe('Abbott'));
    type(/^Last name/, 'Abbott-Lee');
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(sentBody()).toEqual({
      cmhUserId: 7,
      firstName: 'Beth',
      lastName: 'Abbott-Lee',
      userName: editable.userName,
      isActive: false,
      roles: ['MyCustomHomes', 'Sales_User'],
      retailerNumbers: ['4217'],
      rowVersion: 3,
    });
    expect(notices).toContainEqual(expect.objectContaining({ level: 'success', title: 'Beth Abbott-Lee has been updated.' }));
  });

  it('on a conflict (409) says so and shows the user as the server has them now', async () => {
    handlers['PUT /api/api/User/'] = () =>
      jsonResponse(409, {
        message: 'This record was changed by someone else. Reload to see the latest version.',
        current: { ...editable, firstName: 'Elizabeth', rowVersion: 4 },
      });
    const { router } = renderPanels('/admin/users/7');
    await screen.findByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(field(/^First name/).value).toBe('Beth'));
    type(/^Last name/, 'Abbott-Lee');
    save();
    await waitFor(() => expect(field(/^First name/).value).toBe('Elizabeth'));
    expect(field(/^Last name/).value).toBe('Abbott');
    expect(notices).toContainEqual(expect.objectContaining({ level: 'warning', title: 'This user was changed by someone else.' }));
    expect(router.state.location.pathname).toBe('/admin/users/7');
  });

  it('shows a read-only user with the support message and nothing to save', async () => {
    handlers['GET /api/api/User/'] = () => jsonResponse(200, { ...editable, allowEdit: false });
    renderPanels('/admin/users/7');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByText(new RegExp(`Please contact ${USER_ADMIN_SUPPORT_EMAIL.replace('.', '\\.')}`))).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says so when the user is not one of the admin’s', async () => {
    renderPanels('/admin/users/8');
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByText('User not found.')).toBeTruthy();
  });
});
