import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTS_ORDER_SORT_NAMES,
  SEARCH_PAGE_SIZE,
  STOCK_ORDER_TEXT,
  isCustomerOrder,
  type PartsOrderSummary,
  type SearchPage,
  type SyncPage,
} from '../../src/contract';
import { PARTS_SORT_COLUMNS } from '../../src/features/parts-orders/components/list/list-rules';
import { isEmptyDate } from '../../src/lib/dates';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 31 §3: the parts list searched, sorted and paged on the server, for what the device does not keep:
 * GET /api/parts?page=n[&q=][&sort=][&plant=][&status=].
 */

let t: TestContext;
let token: string;
let plain: PartsOrderSummary[];

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
  plain = (await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token })).body;
});
afterAll(() => t.close());

async function search(query: Record<string, string>, as = token) {
  const result = await t.call<SearchPage<PartsOrderSummary>>('GET', '/api/parts', { token: as, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/** What a sort column compares, as the list shows it (list-rules.ts). */
const shown = (row: PartsOrderSummary, column: string): string => {
  if (column === 'plant') return row.plantName ? `${row.plantName} (${row.plantNumber})` : row.plantNumber;
  if (column === 'status') return row.orderStatus.trim();
  if (column === 'serialNumber') return isCustomerOrder(row) ? row.serialNumber || row.longSerialNumber : STOCK_ORDER_TEXT;
  const day = (row as never as Record<string, string | null>)[column];
  return isEmptyDate(day) ? '' : day!.slice(0, 10);
};

describe('GET /api/parts?page=', () => {
  it('sorts by the list’s own columns', () => {
    expect(PARTS_SORT_COLUMNS.map((column) => column.columnName).sort()).toEqual([...PARTS_ORDER_SORT_NAMES]);
  });

  it('pages every order the user sees, newest request date first, with the total', async () => {
    // A plant user sees the orders of their plants, whatever the retailer: more than one page of them.
    const plant = await t.login('plant');
    const all = (await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token: plant })).body;
    expect(all.length, 'more orders than one page').toBeGreaterThan(SEARCH_PAGE_SIZE);
    const first = await search({ page: '1' }, plant);
    expect(first).toMatchObject({ page: 1, pageSize: SEARCH_PAGE_SIZE, total: all.length });
    expect(first.rows).toHaveLength(SEARCH_PAGE_SIZE);
    const dates = first.rows.map((row) => row.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await search({ page: '2' }, plant);
    expect(second.rows.some((row) => first.rows.some((other) => other.partsOrderId === row.partsOrderId))).toBe(false);
    // Every row in the list's own shape, as the plain list gives it.
    const byId = new Map(all.map((row) => [row.partsOrderId, row]));
    for (const row of [...first.rows, ...second.rows]) expect(row).toEqual(byId.get(row.partsOrderId));
    const last = Math.ceil(all.length / SEARCH_PAGE_SIZE);
    const pages = [];
    for (let page = 1; page <= last; page += 1) pages.push(...(await search({ page: String(page) }, plant)).rows);
    expect(pages.map((row) => row.partsOrderId).sort()).toEqual(all.map((row) => row.partsOrderId).sort());
    expect((await search({ page: String(last + 1) }, plant)).rows).toEqual([]);
    expect((await search({ page: '1' })).total).toBe(plain.length);
  });

  it('finds a closed order the device does not keep by its parts log number or serial, in any case, word by word', async () => {
    const download = (await t.call<SyncPage<PartsOrderSummary>>('GET', '/api/parts', { token, query: { since: '0', limit: '10000' } }))
      .body;
    const kept = new Set(download.items.map((row) => row.partsOrderId));
    const old = plain.find((row) => row.isClosed && row.partsLogNumber && isCustomerOrder(row) && !kept.has(row.partsOrderId));
    expect(old, 'the seed has closed parts orders older than the kept-list rule').toBeDefined();
    const byNumber = await search({ page: '1', q: old!.partsLogNumber! });
    expect(byNumber.rows.map((row) => row.partsOrderId)).toContain(old!.partsOrderId);
    const twoWords = await search({ page: '1', q: `${old!.serialNumber.toLowerCase()} ${old!.orderStatus.trim().toUpperCase()}` });
    expect(twoWords.rows.map((row) => row.partsOrderId)).toContain(old!.partsOrderId);
    for (const row of twoWords.rows)
      expect(`${row.serialNumber} ${row.longSerialNumber}`.toLowerCase()).toContain(old!.serialNumber.toLowerCase());
    const stock = await search({ page: '1', q: 'stock ORDER' });
    expect(stock.total).toBe(plain.filter((row) => !isCustomerOrder(row)).length);
    expect((await search({ page: '1', q: 'no such words anywhere 100%_' })).total).toBe(0);
  });

  it('finds a staged order by the number the list shows for it', async () => {
    const staged = plain.find((row) => !row.partsLogNumber);
    expect(staged, 'the seed has a staged order').toBeDefined();
    const found = await search({ page: '1', q: `Staged order ${staged!.partsOrderId}` });
    expect(found.rows.map((row) => row.partsOrderId)).toContain(staged!.partsOrderId);
  });

  it('sorts by each of the five columns either way, blanks last', async () => {
    for (const column of PARTS_ORDER_SORT_NAMES) {
      for (const sort of [column, `-${column}`]) {
        const { rows, total } = await search({ page: '1', sort });
        expect(total, sort).toBe(plain.length);
        const values = rows.map((row) => shown(row, column));
        const filled = values.filter((value) => value !== '');
        expect(values.slice(0, filled.length), `${sort}: blanks last`).toEqual(filled);
        const sorted = [...filled].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
        if (sort.startsWith('-')) sorted.reverse();
        expect(filled, sort).toEqual(sorted);
      }
    }
  });

  it('filters by plant and by status as shown, in any case', async () => {
    const closed = plain.find((row) => row.isClosed)!;
    const status = closed.orderStatus.trim();
    const result = await search({ page: '1', plant: closed.plantNumber, status: status.toLowerCase() });
    const expected = plain.filter(
      (row) => row.plantNumber === closed.plantNumber && row.orderStatus.trim().toUpperCase() === status.toUpperCase(),
    );
    expect(result.total).toBe(expected.length);
    expect(result.total).toBeGreaterThan(0);
    for (const row of result.rows)
      expect([row.plantNumber, row.orderStatus.trim().toUpperCase()]).toEqual([closed.plantNumber, status.toUpperCase()]);
  });

  it('finds only what the user sees: another retail center’s order is not found', async () => {
    const plant = await t.login('plant');
    const theirs = (await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token: plant })).body;
    const mine = new Set(plain.map((row) => row.partsOrderId));
    const other = theirs.find((row) => !mine.has(row.partsOrderId) && row.partsLogNumber);
    expect(other, 'the plant user sees an order of another retail center').toBeDefined();
    const found = await search({ page: '1', q: other!.partsLogNumber! });
    expect(found.rows.map((row) => row.partsOrderId)).not.toContain(other!.partsOrderId);
    // The plant user finds it.
    expect((await search({ page: '1', q: other!.partsLogNumber! }, plant)).rows.map((row) => row.partsOrderId)).toContain(
      other!.partsOrderId,
    );
  });

  it('refuses a query it cannot read with a clear 400', async () => {
    const unreadable: Record<string, string>[] = [
      { page: '0' },
      { page: 'x' },
      { page: '1001' },
      { page: '1', sort: 'itemCount' },
      { page: '1', sort: '-homeownerName' },
      { page: '1', q: 'a\u0000b' },
      { page: '1', plant: 'abc' },
    ];
    for (const query of unreadable) {
      const result = await t.call<{ message?: string }>('GET', '/api/parts', { token, query });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.body.message, JSON.stringify(query)).toBeTruthy();
    }
  });
});
