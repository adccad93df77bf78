import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalTimeZone, zoneOfAddress, type Location, type LocationList } from '../../../src/contract';
import { LocationsScreen } from '../../../src/features/locations/components/locations-screen';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

/*
 * /admin/locations (issue 30 §1) against a fake server that keeps the zones it is given, as the real one does
 * (server/routes/locations.ts): a stored zone, else the address's, else the organisation's.
 */

const ORGANISATION_ZONE = 'America/Chicago';

const location = (overrides: Partial<Location> & Pick<Location, 'kind' | 'number' | 'name'>): Location => ({
  city: 'Knoxville',
  state: 'TN',
  zipCode: '37919',
  timeZone: null,
  addressTimeZone: null,
  effectiveTimeZone: ORGANISATION_ZONE,
  ...overrides,
});

let stored: Location[];
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];

function withZone(current: Location, timeZone: string | null): Location {
  const addressTimeZone = zoneOfAddress(current.state, current.zipCode);
  return { ...current, timeZone, addressTimeZone, effectiveTimeZone: timeZone ?? addressTimeZone ?? ORGANISATION_ZONE };
}

beforeEach(() => {
  stored = [
    withZone(location({ kind: 'retailer', number: '4217', name: 'Smoky Mountain Homes' }), null),
    withZone(
      location({ kind: 'plant', number: '944', name: 'Hamilton', city: 'Hamilton', state: 'AL', zipCode: '35570' }),
      'America/Denver',
    ),
    // ICU spells this zone America/Indianapolis; the screen offers it as America/Indiana/Indianapolis.
    withZone(
      location({ kind: 'plant', number: '950', name: 'Nappanee', city: 'Nappanee', state: 'IN', zipCode: '46550' }),
      'America/Indianapolis',
    ),
    // Marion County, Tennessee: the ZIP code tells no zone.
    withZone(location({ kind: 'retailer', number: '4300', name: 'Jasper Homes', city: 'Jasper', zipCode: '37347' }), null),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/api/Locations' && (init.method ?? 'GET') === 'GET')
      return jsonResponse(200, { organisationTimeZone: ORGANISATION_ZONE, locations: stored } satisfies LocationList);
    const put = /^\/api\/api\/Locations\/(retailer|plant)\/(\d+)$/.exec(url.pathname);
    if (put && init.method === 'PUT') {
      const index = stored.findIndex((row) => row.kind === put[1] && row.number === put[2]);
      if (index < 0) return jsonResponse(404, { message: 'Location not found.' });
      const { timeZone } = JSON.parse(String(init.body)) as { timeZone: string | null };
      stored[index] = withZone(stored[index]!, timeZone === null ? null : canonicalTimeZone(timeZone));
      return jsonResponse(200, stored[index]);
    }
    return jsonResponse(404, { message: 'not here' });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  notices.length = 0;
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/admin/locations', navigate: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
});

const table = () => screen.getByRole('table', { name: 'Time zones of retail centers and plants' });
// By its row header: naming every row by its content would read each select's 400-odd options.
const rowOf = (name: string) => {
  const header = within(table())
    .getAllByRole('rowheader')
    .find((cell) => cell.firstChild?.textContent === name);
  if (!header) throw new Error(`no row ${name}`);
  return header.closest('tr')!;
};
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const selectOf = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const saveOf = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name: `Save the time zone of ${name}` });
const puts = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT');

async function shown() {
  await renderScreen(LocationsScreen, { path: '/admin/locations' });
  await screen.findByRole('table', { name: 'Time zones of retail centers and plants' });
}

describe('Time zones (issue 30 §1)', () => {
  it('lists each retail center and plant with its address, its choice and the zone its days are counted in', async () => {
    await shown();
    expect(within(table()).getAllByRole('row')).toHaveLength(5);
    expect(cellsOf('Smoky Mountain Homes')).toEqual(['4217', 'Knoxville, TN 37919', expect.any(String), 'America/New_York']);

    const knoxville = selectOf('Time zone of retail center Smoky Mountain Homes (4217)');
    expect(knoxville.value).toBe('');
    expect(knoxville.options[0]!.textContent).toBe('From the address (America/New_York)');
    // US zones first, in the order, then every other zone the browser knows.
    expect([...knoxville.options].slice(1, 4).map((option) => option.value)).toEqual([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
    ]);
    expect([...knoxville.options].some((option) => option.value === 'Europe/Berlin')).toBe(true);
    expect(saveOf('Smoky Mountain Homes').disabled).toBe(true);

    expect(selectOf('Time zone of plant Hamilton (944)').value).toBe('America/Denver');
    expect(cellsOf('Hamilton').at(-1)).toBe('America/Denver');
    const nappanee = selectOf('Time zone of plant Nappanee (950)');
    expect(canonicalTimeZone(nappanee.value)).toBe(canonicalTimeZone('America/Indianapolis'));
    expect(saveOf('Nappanee').disabled).toBe(true);

    const jasper = selectOf('Time zone of retail center Jasper Homes (4300)');
    expect(jasper.options[0]!.textContent).toBe("From the address: none, so the organisation's (America/Chicago)");
    expect(cellsOf('Jasper Homes').at(-1)).toBe('America/Chicago');
  });

  it('saves a zone: the toast says where the days are now counted, and the row shows it', async () => {
    await shown();
    fireEvent.change(selectOf('Time zone of retail center Smoky Mountain Homes (4217)'), { target: { value: 'America/Chicago' } });
    expect(saveOf('Smoky Mountain Homes').disabled).toBe(false);
    fireEvent.click(saveOf('Smoky Mountain Homes'));

    await waitFor(() => expect(cellsOf('Smoky Mountain Homes').at(-1)).toBe('America/Chicago'));
    expect(puts()).toHaveLength(1);
    expect(new URL(String(puts()[0]![0]), 'http://localhost').pathname).toBe('/api/api/Locations/retailer/4217');
    expect(JSON.parse(String(puts()[0]![1].body))).toEqual({ timeZone: 'America/Chicago' });
    expect(notices).toEqual([
      expect.objectContaining({
        level: 'success',
        title: 'Time zone of Smoky Mountain Homes saved.',
        description: 'Its business day is now counted in America/Chicago.',
      }),
    ]);
    expect(selectOf('Time zone of retail center Smoky Mountain Homes (4217)').value).toBe('America/Chicago');
    await waitFor(() => expect(saveOf('Smoky Mountain Homes').disabled).toBe(true));
  });

  it('"From the address" clears the stored zone, and the address tells the days again', async () => {
    await shown();
    fireEvent.change(selectOf('Time zone of plant Hamilton (944)'), { target: { value: '' } });
    fireEvent.click(saveOf('Hamilton'));
    await waitFor(() => expect(cellsOf('Hamilton').at(-1)).toBe('America/Chicago'));
    expect(JSON.parse(String(puts()[0]![1].body))).toEqual({ timeZone: null });
    expect(selectOf('Time zone of plant Hamilton (944)').value).toBe('');
    expect(notices.at(-1)).toMatchObject({ description: 'Its business day is now counted in America/Chicago.' });
  });

  it('offline with nothing loaded: says the page needs the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderScreen(LocationsScreen, { path: '/admin/locations' });
    expect(await screen.findByText('You are offline. The time zones will load when you are back online.')).toBeTruthy();
  });
});
