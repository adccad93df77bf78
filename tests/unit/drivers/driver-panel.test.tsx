import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render as renderView, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DriverPanel } from '../../../src/features/drivers/components/driver-panel';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { ModalsProvider } from '../../../src/ui/modals';
import { jsonResponse } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];
const TYPES = [
  { id: 1, description: 'Company Driver' },
  { id: 3, description: 'Pilot Car' },
];
const driver = { id: 9, employee: { employeeNumber: '104037', firstName: 'Mary', lastName: 'Smith' }, driverType: TYPES[0], rowVersion: 2 };

/** Answers by path: driver types, the driver (or 404), and the save. */
function server(routes: { types?: () => Response; driver?: () => Response; save?: (init: RequestInit) => Response }) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/transportation/drivertypes') return routes.types?.() ?? jsonResponse(200, TYPES);
    if (init.method === 'POST' || init.method === 'PUT') return routes.save!(init);
    return routes.driver?.() ?? jsonResponse(404, { message: 'This employee is not a driver.' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  resetHttpClients();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
});

/** The panel in a real router (it is a route's component) under a fresh query client; resolves once it shows. */
async function render(employeeNumber: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const panelRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/drivers/panel',
    component: () => <DriverPanel employeeNumber={employeeNumber} closeTo="/drivers" />,
  });
  const searchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/drivers', component: () => <p>The search</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([panelRoute, searchRoute]),
    history: createMemoryHistory({ initialEntries: ['/drivers/panel'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderView(
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
}

describe('DriverPanel (spec 3 §2: Add to Drivers / Update Driver)', () => {
  it("is 'Add to Drivers' for an employee who is not a driver: a type is required, then POST and the success toast", async () => {
    server({
      save: () =>
        jsonResponse(201, {
          ...driver,
          employee: { employeeNumber: '104112', firstName: 'Mark', lastName: 'Smithers' },
          driverType: TYPES[1],
          rowVersion: 0,
        }),
    });
    await render('104112');
    expect(await screen.findByRole('heading', { name: 'Add to Drivers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver type is required.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Driver type/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notices).toContainEqual(
        expect.objectContaining({ level: 'success', title: 'Mark Smithers has been successfully added to Drivers!' }),
      ),
    );
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call.method === 'POST')!;
    expect(String(url)).toBe('/api/transportation/drivers');
    expect(JSON.parse(String(init.body))).toEqual({ employee: { employeeNumber: '104112' }, driverType: { id: 3 } });
    // Saved, the panel closes back to the search.
    expect(await screen.findByText('The search')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("is 'Update Driver' for a driver, starting from their type; a failed save says 'Error updating Drivers'", async () => {
    server({ driver: () => jsonResponse(200, driver), save: () => jsonResponse(500, { message: 'Something went wrong on the server.' }) });
    await render('104037');
    expect(await screen.findByRole('heading', { name: 'Update Driver' })).toBeTruthy();
    expect((screen.getByLabelText(/Driver type/) as HTMLSelectElement).value).toBe('1');
    expect(screen.getByText('Mary Smith')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Driver type/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ level: 'error', title: 'Error updating Drivers' })));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call.method === 'PUT')!;
    expect(String(url)).toBe('/api/transportation/drivers/104037');
    expect(JSON.parse(String(init.body))).toEqual({ employee: { employeeNumber: '104037' }, driverType: { id: 3 }, rowVersion: 2 });
    expect(screen.getByRole('heading', { name: 'Update Driver' })).toBeTruthy();
  });

  it("adding an employee who became a driver meanwhile says 'Error adding Drivers' and turns into 'Update Driver'", async () => {
    server({ save: () => jsonResponse(409, { message: 'This employee is already a driver.', current: driver }) });
    await render('104037');
    await screen.findByRole('heading', { name: 'Add to Drivers' });
    fireEvent.change(screen.getByLabelText(/Driver type/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ level: 'error', title: 'Error adding Drivers' })));
    expect(await screen.findByRole('heading', { name: 'Update Driver' })).toBeTruthy();
  });

  it("says 'Error retrieving driver types.' when the types cannot be had", async () => {
    server({ types: () => jsonResponse(500, { message: 'Down' }) });
    await render('104112');
    expect((await screen.findByRole('alert')).textContent).toBe('Error retrieving driver types.');
  });
});
