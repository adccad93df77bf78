import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EARLIEST_REAL_DATE,
  SEARCH_PAGE_SIZE,
  statusLabel,
  WORK_ORDER_SORT_NAMES,
  type SearchPage,
  type ServiceRequestSummary,
  type SyncPage,
} from '../../src/contract';
import { searchRequests } from '../../src/server/work-orders/search';
import { createTestContext, type TestContext } from './harness';
import { nodesOf, planWithoutSort, scansOf, SCOPES, statementsOf } from './query-plans';

/*
 * Issue 31 §3: the work order list searched, sorted and paged on the server, for what the device does not keep:
 * GET /api/service?page=n[&q=][&sort=][&plant=][&status=][&portal=].
 */

let t: TestContext;
let token: string;
let plain: ServiceRequestSummary[];

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
  plain = (await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token })).body;
});
afterAll(() => t.close());

async function search(query: Record<string, string>, as = token) {
  const result = await t.call<SearchPage<ServiceRequestSummary>>('GET', '/api/service', { token: as, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

describe('GET /api/service?page=', () => {
  it('pages every request the user sees, newest request date first, with the total', async () => {
    const first = await search({ page: '1' });
    expect(first).toMatchObject({ page: 1, pageSize: SEARCH_PAGE_SIZE, total: plain.length });
    expect(first.rows).toHaveLength(Math.min(SEARCH_PAGE_SIZE, plain.length));
    const dates = first.rows.map((row) => row.requestDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await search({ page: '2' });
    expect(second.rows.some((row) => first.rows.some((other) => other.serviceRequestId === row.serviceRequestId))).toBe(false);
    // Every row in the list's own shape, as the plain list gives it.
    const byId = new Map(plain.map((row) => [row.serviceRequestId, row]));
    for (const row of first.rows) expect(row).toEqual(byId.get(row.serviceRequestId));
  });

  it.each(SCOPES)('reads its first screen in the default order from an index for %s, with no sort of the scope', async (_, session) => {
    const statements = await statementsOf(t.db, (db) => searchRequests(db, session, { page: 1 }));
    const plan = await planWithoutSort(
      t.db,
      statements.find((statement) => statement.sql.includes(' limit '))!,
    );
    expect(nodesOf(plan).filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    expect(scansOf(plan, 'service_requests').map((scan) => scan['Index Name'])).toEqual(['service_requests_request_day_idx']);
    // The count needs no join without words to look for.
    expect(statements.find((statement) => statement.sql.includes('count('))!.sql).not.toContain('join');
  });

  it('finds a closed work order the device does not keep by its number, in any case, word by word', async () => {
    const download = (
      await t.call<SyncPage<ServiceRequestSummary>>('GET', '/api/service', { token, query: { since: '0', limit: '10000' } })
    ).body;
    const kept = new Set(download.items.map((row) => row.serviceRequestId));
    const old = plain.find((row) => row.isClosed && row.vantageWorkOrderNumber && !kept.has(row.serviceRequestId));
    expect(old, 'the seed has closed work orders older than the kept-list rule').toBeDefined();
    const found = await search({ page: '1', q: old!.vantageWorkOrderNumber!.toLowerCase() });
    expect(found.rows.map((row) => row.serviceRequestId)).toContain(old!.serviceRequestId);
    const twoWords = await search({ page: '1', q: `${old!.serialNumber} ${statusLabel(old!.status).toUpperCase()}` });
    expect(twoWords.rows.map((row) => row.serviceRequestId)).toContain(old!.serviceRequestId);
    for (const row of twoWords.rows) expect(row.serialNumber).toBe(old!.serialNumber);
    expect((await search({ page: '1', q: 'no such words anywhere 100%_' })).total).toBe(0);
  });

  it('sorts by each of the nine columns either way', async () => {
    const value = (row: ServiceRequestSummary, column: string): string | number =>
      column === 'plant'
        ? `${row.plantName} (${row.plantNumber})`
        : column === 'status'
          ? statusLabel(row.status)
          : ((row as never)[column] ?? '');
    for (const column of WORK_ORDER_SORT_NAMES) {
      for (const sort of [column, `-${column}`]) {
        const { rows } = await search({ page: '1', sort });
        // A placeholder date (1900) is no date: blanks come last either way.
        const blank = (each: string | number) => each === '' || (column.endsWith('Date') && String(each) < EARLIEST_REAL_DATE);
        const values = rows.map((row) => value(row, column)).filter((each) => !blank(each));
        const sorted = [...values].sort((a, b) =>
          typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' }),
        );
        if (sort.startsWith('-')) sorted.reverse();
        expect(values, sort).toEqual(sorted);
      }
    }
  });

  it('filters by plant and by status as shown', async () => {
    const closed = plain.find((row) => row.isClosed)!;
    const label = statusLabel(closed.status);
    const result = await search({ page: '1', plant: closed.plantNumber, status: label });
    expect(result.total).toBe(plain.filter((row) => row.plantNumber === closed.plantNumber && statusLabel(row.status) === label).length);
    for (const row of result.rows) expect([row.plantNumber, statusLabel(row.status)]).toEqual([closed.plantNumber, label]);
  });

  it('finds only what the user sees: another retail center’s request is not found', async () => {
    const plant = await t.login('plant');
    const theirs = (await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: plant })).body;
    const mine = new Set(plain.map((row) => row.serviceRequestId));
    const other = theirs.find((row) => !mine.has(row.serviceRequestId) && row.vantageWorkOrderNumber);
    expect(other).toBeDefined();
    const found = await search({ page: '1', q: other!.vantageWorkOrderNumber! });
    expect(found.rows.map((row) => row.serviceRequestId)).not.toContain(other!.serviceRequestId);
  });

  it('refuses a query it cannot read with a clear 400', async () => {
    const unreadable: Record<string, string>[] = [
      { page: '0' },
      { page: 'x' },
      { page: '1', sort: 'homeownerName' },
      { page: '1', q: 'a\u0000b' },
      { page: '1', plant: 'abc' },
    ];
    for (const query of unreadable) {
      const result = await t.call<{ message?: string }>('GET', '/api/service', { token, query });
      expect(result.status, JSON.stringify(query)).toBe(400);
    }
  });
});
