import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOMEOWNER_SORT_NAMES,
  SEARCH_PAGE_SIZE,
  warrantyStatusLabel,
  type SearchPage,
  type SyncPage,
  type WarrantyCard,
} from '../../src/contract';
import { HOMEOWNER_SORT_COLUMNS } from '../../src/features/homeowners/list-rules';
import { homeownerSearchText } from '../../src/features/homeowners/pending/apply-pending';
import { searchCards } from '../../src/server/homeowners/search';
import { createTestContext, type TestContext } from './harness';
import { nodesOf, planWithoutSort, scansOf, SCOPES, statementsOf } from './query-plans';

/*
 * Issue 31 §3: My Homeowners searched, sorted and paged on the server, for the cards the device does not keep:
 * GET /api/Warranty/Homeowners?page=n[&q=][&sort=][&status=].
 */

const PATH = '/api/Warranty/Homeowners';
let t: TestContext;
let token: string;
let plain: WarrantyCard[];

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
  plain = (await t.call<WarrantyCard[]>('GET', PATH, { token })).body;
});
afterAll(() => t.close());

async function search(query: Record<string, string>, as = token) {
  const result = await t.call<SearchPage<WarrantyCard>>('GET', PATH, { token: as, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

const ids = (rows: readonly WarrantyCard[]) => rows.map((row) => row.vantageWarrantyId);

/** What a sort column compares, as the list shows it ('' for none). */
const shown = (row: WarrantyCard, column: string): string =>
  column === 'statusLabel' ? warrantyStatusLabel(row.statusCode) : ((row as never as Record<string, string>)[column] ?? '').trim();

describe('GET /api/Warranty/Homeowners?page=', () => {
  it('sorts by the list’s own columns', () => {
    expect(HOMEOWNER_SORT_COLUMNS.map((column) => column.columnName).sort()).toEqual([...HOMEOWNER_SORT_NAMES]);
  });

  it.each(SCOPES)('reads its first screen in the default order from an index for %s, with no sort of the scope', async (_, session) => {
    const statements = await statementsOf(t.db, (db) => searchCards(db, session, { page: 1 }));
    const plan = await planWithoutSort(
      t.db,
      statements.find((statement) => statement.sql.includes(' limit '))!,
    );
    expect(nodesOf(plan).filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    expect(scansOf(plan, 'warranty_cards').map((scan) => scan['Index Name'])).toEqual(['warranty_cards_last_name_idx']);
    // The count needs no join without words to look for.
    expect(statements.find((statement) => statement.sql.includes('count('))!.sql).not.toContain('join');
  });

  it('pages every card the user sees, by last name first, with the total, rows as the plain list gives them', async () => {
    // A plant user sees the cards of their plants, whatever the retailer: more than one page of them.
    const plant = await t.login('plant');
    const all = (await t.call<WarrantyCard[]>('GET', PATH, { token: plant })).body;
    expect(all.length, 'more cards than one page').toBeGreaterThan(SEARCH_PAGE_SIZE);
    const first = await search({ page: '1' }, plant);
    expect(first).toMatchObject({ page: 1, pageSize: SEARCH_PAGE_SIZE, total: all.length });
    expect(first.rows).toHaveLength(SEARCH_PAGE_SIZE);
    const names = first.rows.map((row) => row.lastName).filter((name) => name.trim() !== '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const byId = new Map(all.map((row) => [row.vantageWarrantyId, row]));
    for (const row of first.rows) expect(row).toEqual(byId.get(row.vantageWarrantyId));
    const last = Math.ceil(all.length / SEARCH_PAGE_SIZE);
    const pages = [...first.rows];
    for (let page = 2; page <= last; page += 1) pages.push(...(await search({ page: String(page) }, plant)).rows);
    expect(ids(pages).sort()).toEqual(ids(all).sort());
    expect((await search({ page: String(last + 1) }, plant)).rows).toEqual([]);
    expect((await search({ page: '1' })).total).toBe(plain.length);
  });

  it('finds a card the device does not keep by serial, names or e-mail, in any case, word by word', async () => {
    const download = (await t.call<SyncPage<WarrantyCard>>('GET', PATH, { token, query: { since: '0', limit: '10000' } })).body;
    const kept = new Set(ids(download.items));
    const old = plain.find((row) => !kept.has(row.vantageWarrantyId) && row.firstName && row.lastName && row.emailAddress);
    expect(old, 'the seed has cards the kept-list rule leaves on the server').toBeDefined();
    expect(ids((await search({ page: '1', q: old!.serialNumber.toLowerCase() })).rows)).toContain(old!.vantageWarrantyId);
    expect(ids((await search({ page: '1', q: old!.emailAddress.toUpperCase() })).rows)).toContain(old!.vantageWarrantyId);
    const twoWords = await search({ page: '1', q: ` ${old!.lastName.toUpperCase()}   ${old!.firstName.toLowerCase()} ` });
    expect(ids(twoWords.rows)).toContain(old!.vantageWarrantyId);
    // Exactly the cards whose search text (as the screen searches kept rows) has both words.
    const words = [old!.lastName.toLowerCase(), old!.firstName.toLowerCase()];
    const expected = plain.filter((row) => words.every((word) => homeownerSearchText(row).includes(word)));
    expect(twoWords.total).toBe(expected.length);
    // What the row does not show is not searched: its city.
    expect((await search({ page: '1', q: `${old!.serialNumber} ${old!.city || 'nowhere'}` })).total).toBe(0);
    expect((await search({ page: '1', q: 'no such words anywhere 100%_' })).total).toBe(0);
  });

  it('sorts by each of the nine columns either way, blanks last', async () => {
    for (const column of HOMEOWNER_SORT_NAMES) {
      for (const sort of [column, `-${column}`]) {
        const { rows, total } = await search({ page: '1', sort });
        expect(total, sort).toBe(plain.length);
        const values = rows.map((row) => shown(row, column));
        const filled = values.filter((value) => value !== '');
        expect(values.slice(0, filled.length), `${sort}: blanks last`).toEqual(filled);
        const sorted = [...filled].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
        if (sort.startsWith('-')) sorted.reverse();
        expect(
          filled.map((value) => value.toLowerCase()),
          sort,
        ).toEqual(sorted.map((value) => value.toLowerCase()));
      }
    }
  });

  it('filters by status as shown, in any case (incomplete only)', async () => {
    const incomplete = plain.filter((row) => row.statusCode === 'I');
    expect(incomplete.length, 'the seed has incomplete cards').toBeGreaterThan(0);
    const result = await search({ page: '1', status: 'incomplete' });
    expect(result.total).toBe(incomplete.length);
    for (const row of result.rows) expect(row.statusCode).toBe('I');
    const one = incomplete[0]!;
    expect(ids((await search({ page: '1', status: 'Incomplete', q: one.serialNumber })).rows)).toEqual([one.vantageWarrantyId]);
    expect((await search({ page: '1', status: 'Active', q: one.serialNumber })).total).toBe(0);
  });

  it('finds only what the user sees: another retail center’s card is not found by a retailer user', async () => {
    const plant = await t.login('plant');
    const theirs = (await t.call<WarrantyCard[]>('GET', PATH, { token: plant })).body;
    const retailers = new Set(plain.map((row) => row.retailerNumber));
    expect(retailers.size).toBe(1);
    const other = theirs.find((row) => !retailers.has(row.retailerNumber));
    expect(other, 'the plant user sees a card of another retail center').toBeDefined();
    expect((await search({ page: '1', q: other!.serialNumber })).total).toBe(0);
    for (const row of (await search({ page: '1' })).rows) expect(retailers.has(row.retailerNumber)).toBe(true);
    // The plant user finds it.
    expect(ids((await search({ page: '1', q: other!.serialNumber }, plant)).rows)).toContain(other!.vantageWarrantyId);
    expect((await search({ page: '1' }, plant)).total).toBe(theirs.length);
  });

  it('answers the roles of the list only', async () => {
    const query = { page: '1' };
    expect((await t.call('GET', PATH, { token: await t.login('viewer'), query })).status).toBe(200);
    expect((await t.call('GET', PATH, { token: await t.login('internal'), query })).status).toBe(403);
    expect((await t.call('GET', PATH, { query })).status).toBe(401);
  });

  it('refuses a query it cannot read with a clear 400', async () => {
    const unreadable: [Record<string, string>, RegExp][] = [
      [{ page: '0' }, /page/],
      [{ page: 'x' }, /page/],
      [{ page: '1001' }, /page/],
      [{ page: '1', sort: 'plantName' }, /sort must be one of/],
      [{ page: '1', sort: '-rowVersion' }, /sort must be one of/],
      [{ page: '1', q: 'a\u0000b' }, /q/],
      [{ page: '1', status: 'x'.repeat(61) }, /status/],
    ];
    for (const [query, message] of unreadable) {
      const result = await t.call<{ message?: string }>('GET', PATH, { token, query });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.body.message, JSON.stringify(query)).toMatch(message);
    }
  });
});
