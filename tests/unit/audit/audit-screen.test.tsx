import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../../src/contract';
import { AuditScreen } from '../../../src/features/audit/components/audit-screen';
import { formatDateTime } from '../../../src/lib/date-format';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier } from '../../../src/lib/notifier';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { fakeListLayout } from '../fixtures/list-layout';

fakeListLayout();

const event = (id: number, overrides: Partial<AuditEvent>): AuditEvent => ({
  id,
  at: `2026-03-0${id}T14:07:00.000Z`,
  action: 'sign-in.succeeded',
  actorKind: 'user',
  actorName: 'beth.abbott@smokymountainhomes.test',
  targetName: 'beth.abbott@smokymountainhomes.test',
  details: {},
  clientAddress: '203.0.113.7',
  requestId: `req-${id}`,
  ...overrides,
});
/** A first page longer than the viewport (600 px, 60 px rows), so that the list does not ask for more on its own. */
const NEWEST = [
  event(9, {
    action: 'user.roles-changed',
    actorName: 'alex@demo.homesite.test',
    details: { from: ['Sales_User'], to: ['Sales_User', 'Service_User'] },
  }),
  event(8, {
    action: 'import.run',
    actorKind: 'cli',
    actorName: null,
    targetName: null,
    details: { kind: 'users', inserted: 3, updated: 2 },
  }),
  ...Array.from({ length: 23 }, (_, index) => event(7, { id: 1000 - index })),
];
const NEXT_BEFORE = 978;
const OLDER = [event(4, { action: 'sign-in.failed', actorKind: 'anonymous', actorName: null })];

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const auditCalls = (path = '/api/api/Audit') =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === path);

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/api/Audit/csv') {
      return new Response('at,action\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-2026-03-09.csv"' },
      });
    }
    if (url.pathname !== '/api/api/Audit') return jsonResponse(404, { message: 'not here' });
    return url.searchParams.get('before') === String(NEXT_BEFORE)
      ? jsonResponse(200, { items: OLDER, nextBefore: null })
      : jsonResponse(200, { items: NEWEST, nextBefore: NEXT_BEFORE });
  });
  vi.stubGlobal('fetch', fetchMock);
  resetHttpClients();
  setNotifier({ notify: () => undefined });
  setHttpNavigation({ currentPath: () => '/admin/audit', navigate: () => undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNotifier(null);
  setHttpNavigation(null);
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit events' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Audit log (issue 29)', () => {
  it('shows the newest events with their labels, then the next page with Show more', async () => {
    await renderScreen(AuditScreen, { path: '/admin/audit' });
    expect(await screen.findByText('Showing 25')).toBeTruthy();
    expect(rows()[0]).toEqual([
      formatDateTime(NEWEST[0]!.at),
      'Roles changed',
      'alex@demo.homesite.test',
      'beth.abbott@smokymountainhomes.test',
      'Sales_User → Sales_User, Service_User',
      '203.0.113.7',
      'req-9',
    ]);
    expect(rows()[1]!.slice(1, 5)).toEqual(['Import run', 'Command line', '—', 'users: 3 inserted, 2 updated']);
    expect(auditCalls()[0]!.searchParams.has('before')).toBe(false);

    expect(auditCalls()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 26')).toBeTruthy();
    expect(auditCalls().at(-1)!.searchParams.get('before')).toBe(String(NEXT_BEFORE));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('filters by action, by user (once typing stops) and by days, each a new first page', async () => {
    await renderScreen(AuditScreen, { path: '/admin/audit' });
    expect(await screen.findByText('Showing 25')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user.roles-changed' } });
    await waitFor(() => expect(auditCalls().at(-1)!.searchParams.get('action')).toBe('user.roles-changed'));
    expect(within(screen.getByLabelText('Action')).getByRole('option', { name: 'All actions' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'beth' } });
    await waitFor(() => expect(auditCalls().at(-1)!.searchParams.get('user')).toBe('beth'));
    const last = auditCalls().at(-1)!;
    expect(last.searchParams.get('action')).toBe('user.roles-changed');
    expect(last.searchParams.has('before')).toBe(false);
    // Typed words went out once, not a call per keystroke.
    expect(auditCalls().filter((url) => url.searchParams.has('user'))).toHaveLength(1);

    // The viewer's own days, From's start to the end of To, as instants.
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '03012026' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '03312026' } });
    await waitFor(() => expect(auditCalls().at(-1)!.searchParams.get('to')).toBe(new Date(2026, 3, 1).toISOString()));
    expect(auditCalls().at(-1)!.searchParams.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(auditCalls().at(-1)!.searchParams.get('user')).toBe('beth');
  });

  it('Export CSV downloads the file the server names, with the same filters', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    await renderScreen(AuditScreen, { path: '/admin/audit' });
    expect(await screen.findByText('Showing 25')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sign-in.failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-2026-03-09.csv']));
    const csv = auditCalls('/api/api/Audit/csv');
    expect(csv).toHaveLength(1);
    expect(csv[0]!.searchParams.get('action')).toBe('sign-in.failed');
  });

  it('offline with nothing loaded: says the log needs the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderScreen(AuditScreen, { path: '/admin/audit' });
    expect(await screen.findByText('You are offline. The audit log will load when you are back online.')).toBeTruthy();
  });
});
