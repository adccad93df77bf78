import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DriverSearchScreen } from '../../../src/features/drivers/components/driver-search-screen';
import type { SearchFormValues } from '../../../src/features/drivers/driver-rules';
import { resetHttpClients } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const notices: Notification[] = [];

const employees = [
  {
    employeeNumber: '104037',
    firstName: 'Mary',
    lastName: 'Smith',
    jobTitle: 'Transport Driver',
    location: 'Richfield (931), Richfield NC',
    isDriver: true,
  },
  {
    employeeNumber: '104112',
    firstName: 'Mark',
    lastName: 'Smithers',
    jobTitle: 'Yard Hostler',
    location: 'Clinton West (910), Clinton TN',
    isDriver: false,
  },
];

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

const render = (criteria: SearchFormValues, onSearch = vi.fn()) =>
  renderScreen(() => <DriverSearchScreen criteria={criteria} onSearch={onSearch} />, { path: '/transportation/driver-management/search' });

describe('DriverSearchScreen', () => {
  it("is titled 'EBE Driver Management' and asks nothing until the form is valid", async () => {
    const onSearch = vi.fn();
    await render({ firstName: '', lastName: '' }, onSearch);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('EBE Driver Management');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter a first name or a last name.')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' Smi ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ firstName: '', lastName: 'Smi' }));
  });

  it("shows the results of the search with 'Assigned Driver' / 'Not Assigned Driver' and the matching panel link", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, employees));
    await render({ firstName: '', lastName: 'Smi' });
    const results = await screen.findByRole('list');
    const rows = within(results).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Assigned Driver')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Update Driver: Mary Smith' }).getAttribute('href')).toBe(
      '/transportation/driver-management/search/104037?firstName=&lastName=Smi',
    );
    expect(within(rows[1]!).getByText('Not Assigned Driver')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Add to Drivers: Mark Smithers' })).toBeTruthy();
    expect(screen.getByText('2 employees found.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/transportation/hbgemployees/search');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ firstName: '', lastName: 'Smi' });
  });

  it("says 'Unable to search employees.' when the search fails", async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'Something went wrong on the server.' }));
    await render({ firstName: 'Mar', lastName: '' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Unable to search employees.');
    await waitFor(() => expect(notices).toEqual([expect.objectContaining({ level: 'error', title: 'Unable to search employees.' })]));
  });
});
