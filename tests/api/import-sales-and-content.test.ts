import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYNC_CURSOR_HEADER,
  type HelpDocument,
  type InventoryItem,
  type LearnCategory,
  type NpsDetail,
  type Quote,
  type QuoteRevision,
  type ReleaseNote,
  type SalesDetail,
  type SalesOrder,
  type SyncPage,
} from '../../src/contract';
import { FILES_NEED_COMMAND_LINE_MESSAGE, QUOTE_IMPORT_COLUMNS } from '../../src/contract/import';
import { createApiKey } from '../../src/server/auth/api-keys';
import { hashPassword } from '../../src/server/auth/passwords';
import * as schema from '../../src/server/db/schema';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { ImportError, runImport, type ImportOptions, type ImportReport } from '../../src/server/import/run-import';
import { bodiesAround, bodyText } from './fuzz/mutations';
import { createTestContext, type TestContext } from './harness';
import { besideExamples, chunksOf, EXAMPLES, exampleOf } from './import-examples';

/*
 * The sales and content import kinds (issue 20 §3: orders, quotes, inventory, NPS responses, help and Learn documents,
 * release notes) on an empty database into which the organisation's example files (plants … homes) were imported,
 * as an operator does it; then what the screens read of them, re-imports, changes and refusals.
 */

let t: TestContext;

const KINDS = ['quotes', 'orders', 'inventory', 'nps-responses', 'help-documents', 'learn-documents', 'release-notes'] as const;
type Kind = (typeof KINDS)[number];

const importText = (kind: string, text: string, options: Partial<ImportOptions> = {}) =>
  runImport(t.db, kind, chunksOf(text), { format: exampleOf(kind).format, readFile: besideExamples, ...options });

function importExample(kind: string, options: Partial<ImportOptions> = {}) {
  const { path, format } = exampleOf(kind);
  return runImport(t.db, kind, createReadStream(path), { format, readFile: besideExamples, ...options });
}

const exampleText = (kind: string) => readFileSync(exampleOf(kind).path, 'utf8');
const exampleRows = (kind: Kind) => parse(readFileSync(exampleOf(kind).path), { columns: true }) as Record<string, string>[];
const exampleLines = (kind: Kind) =>
  exampleText(kind)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const jsonLines = (rows: readonly object[]) => rows.map((row) => JSON.stringify(row)).join('\n');

/** A CSV file of `rows` with the header of the example's. */
function csvText(kind: Kind, rows: readonly Record<string, string>[]) {
  const header = exampleText(kind).split('\n')[0]!.split(',');
  const cell = (value = '') => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [header.join(','), ...rows.map((row) => header.map((column) => cell(row[column])).join(','))].join('\n');
}

const counts = (report: ImportReport) => ({
  inserted: report.inserted,
  updated: report.updated,
  unchanged: report.unchanged,
  refused: report.refusedCount,
});

/** Morgan: retailer administrator and sales user of Valley View Homes (3101, current) and Blue Ridge Housing; sees prices and NPS. */
const SALES_USER = 'morgan.alvarez@valleyview.example';
const COMPANY_USER = 'casey.brooks@homes.example.com';
const PASSWORD = 'Imported#2026!';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  for (const kind of Object.keys(IMPORT_KINDS).filter((name) => !(KINDS as readonly string[]).includes(name))) {
    const report = await importExample(kind);
    expect(report.refused, kind).toEqual([]);
  }
  for (const userName of [SALES_USER, COMPANY_USER]) {
    await t.db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(PASSWORD), passwordLastChanged: new Date() })
      .where(eq(schema.users.userName, userName));
    tokens[userName] = await t.login(userName, PASSWORD);
  }
}, 120_000);
afterAll(() => t.close());

/** What a re-import must leave exactly as it was: rows, ids, sync positions, file stamps. */
async function positions() {
  const rows = async (text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
  return {
    quotes: await rows('SELECT id, quote_number, sync_xid, row_version FROM quotes ORDER BY id'),
    revisions: await rows('SELECT id, quote_id, revision_number FROM quote_revisions ORDER BY id'),
    options: await rows('SELECT id, revision_id FROM quote_options ORDER BY id'),
    orders: await rows('SELECT id, order_number, sync_xid FROM sales_orders ORDER BY id'),
    inventory: await rows('SELECT id, serial_number, sync_xid FROM inventory_homes ORDER BY id'),
    nps: await rows('SELECT id, serial_number, home_id FROM nps_responses ORDER BY id'),
    help: await rows('SELECT id, display_name, sha256, updated_at FROM help_documents ORDER BY id'),
    learn: await rows('SELECT id, display_name, sha256, updated_at FROM learn_documents ORDER BY id'),
    releaseItems: await rows('SELECT id, release_note_id, position FROM release_note_items ORDER BY id'),
  };
}

describe('example files', () => {
  it('import after the organisation (plants … homes) in the order of IMPORT_KINDS with no refusals', async () => {
    expect(Object.keys(IMPORT_KINDS).slice(-KINDS.length)).toEqual([...KINDS]);
    for (const kind of KINDS) {
      const report = await importExample(kind);
      expect(report.refused, kind).toEqual([]);
      expect(report.rowsRead, kind).toBeGreaterThan(0);
      expect({ kind, ...counts(report), written: report.written }).toEqual({
        kind,
        inserted: report.rowsRead,
        updated: 0,
        unchanged: 0,
        refused: 0,
        written: true,
      });
    }
    expect((await t.db.select().from(schema.quoteRevisions)).length).toBe(
      exampleLines('quotes').reduce((sum, quote) => sum + (quote.revisions as unknown[]).length, 0),
    );
  });

  it('import again changing nothing: every row unchanged, no id, sync position or file stamp moved', async () => {
    const before = await positions();
    for (const kind of KINDS) {
      const report = await importExample(kind);
      expect({ kind, ...counts(report) }).toEqual({ kind, inserted: 0, updated: 0, unchanged: report.rowsRead, refused: 0 });
    }
    expect(await positions()).toEqual(before);
  });

  it('and again with overwrite (every row goes to its kind, past the fingerprints): the kinds themselves write nothing that is the same', async () => {
    const before = await positions();
    for (const kind of KINDS) {
      const report = await importExample(kind, { overwrite: true });
      expect({ kind, ...counts(report) }).toEqual({ kind, inserted: 0, updated: 0, unchanged: report.rowsRead, refused: 0 });
    }
    expect(await positions()).toEqual(before);
  });
});

describe('what the screens read of imported rows', () => {
  const call = async <T>(path: string, query?: Record<string, string>, userName = SALES_USER) => {
    const result = await t.call<T>('GET', path, { token: tokens[userName], query });
    expect(result.status, path).toBe(200);
    return result.body;
  };

  it("orders: the retail center's orders with their retailer, plant and quote; the detail report shows the quote's latest revision", async () => {
    const expected = exampleRows('orders').filter((order) => order.retailerNumber === '3101');
    const orders = await call<SalesOrder[]>('/api/order');
    expect(orders.map((order) => order.orderNumber).sort()).toEqual(expected.map((order) => order.orderNumber).sort());
    const [first] = expected;
    const listed = orders.find((order) => order.orderNumber === first!.orderNumber)!;
    expect(listed).toMatchObject({
      retailerName: 'Valley View Homes',
      plantName: 'Clinton West',
      quoteNumber: first!.quoteNumber,
      longSerialNumber: first!.longSerialNumber,
      hudLabelLeft: first!.hudLabelLeft,
      hudLabelRight: '',
      invoiceTotal: Number(first!.invoiceTotal),
      shippedDate: first!.shippedDate,
      yardDate: first!.yardDate,
    });

    const quote = exampleLines('quotes').find((row) => row.quoteNumber === first!.quoteNumber)!;
    const latest = (quote.revisions as { options: { optionNumber: string; quantity?: number; price: number }[] }[]).at(-1)!;
    const detail = await call<SalesDetail>('/api/Reports/Sales/', {
      plantNumber: listed.plantNumber,
      quoteNumber: listed.quoteNumber,
      orderNumber: listed.orderNumber,
    });
    expect(detail).toMatchObject({
      orderNumber: first!.orderNumber,
      fullSerialNumber: first!.longSerialNumber,
      dba: 'Valley View Homes',
      retailCustomer: first!.customer,
      pricingIncluded: true,
    });
    expect(detail.categoryDetails.flatMap((category) => category.options.map((option) => option.optionNumber)).sort()).toEqual(
      latest.options.map((option) => option.optionNumber).sort(),
    );
    expect(detail.summary.optionsTotal).toBeCloseTo(
      latest.options.reduce((sum, option) => sum + (option.quantity ?? 1) * option.price, 0),
      2,
    );
    // The home invoice of a home on file is its order's.
    expect((await call<SalesDetail>('/api/Reports/Sales/', { serialNumber: first!.longSerialNumber! })).orderNumber).toBe(
      first!.orderNumber,
    );
  });

  it("quotes: the retail center's active quotes, their revisions for Compare, incomplete ones as such", async () => {
    const expected = exampleLines('quotes').filter((quote) => quote.retailerNumber === '3101' && quote.status !== 'Deleted');
    const quotes = await call<Quote[]>('/api/Quote');
    expect(quotes.map((quote) => quote.quoteNumber).sort()).toEqual(expected.map((quote) => quote.quoteNumber).sort());
    const compare = quotes.find((quote) => quote.quoteNumber === '500301')!;
    expect(compare).toMatchObject({
      latestRevision: 3,
      approvalStatusDescription: 'Not Submitted',
      isMCHQuote: true,
      mchQuoteId: 'MCHQ500301',
      plantName: 'Clinton West',
      isLocked: false,
    });
    expect(quotes.find((quote) => quote.quoteNumber === '500302')).toMatchObject({
      approvalStatusDescription: 'Pending Approval',
      plantName: 'Richfield',
    });
    expect(quotes.find((quote) => quote.quoteNumber === '500303')).toMatchObject({ modelNumber: null, latestRevision: 1 });
    const revisions = await call<QuoteRevision[]>(`/mch-quote-api/mycustomhomes/webapi/api/quoterevision/${compare.quoteId}`);
    const imported = expected.find((quote) => quote.quoteNumber === '500301')!.revisions as { comments: string; options: unknown[] }[];
    expect(revisions.map((revision) => [revision.RevisionNumber, revision.RevisionComments, revision.Options.length])).toEqual(
      imported.map((revision, index) => [index + 1, revision.comments, revision.options.length]),
    );
    // The older-system quote is another retail center's: stored as the copy into Build A Quote expects it.
    const [older] = await t.db.select().from(schema.quotes).where(eq(schema.quotes.quoteNumber, '500305'));
    expect(older).toMatchObject({ isMchQuote: false, mchQuoteId: 'ISER480311', retailerNumber: '3207' });
  });

  it("inventory: the retail center's stock, aged from its stocked date", async () => {
    const expected = exampleRows('inventory').filter((home) => home.retailerNumber === '3101');
    const stock = await call<InventoryItem[]>('/api/Inventory');
    expect(stock.map((home) => home.serailNumber).sort()).toEqual(expected.map((home) => home.serialNumber).sort());
    const [first] = expected;
    expect(stock.find((home) => home.serailNumber === first!.serialNumber)).toMatchObject({
      plantName: 'Clinton West',
      stockNumber: first!.stockNumber,
      tdes: first!.sectionsDescription,
      reg: first!.registrationState,
      invoiceAmount: Number(first!.invoiceAmount),
      salesDate: '',
    });
  });

  it('NPS: the calls of the retail center, linked to the homes on file', async () => {
    const window = { startDate: '2025-06-01', endDate: '2026-05-31' };
    const expected = exampleRows('nps-responses').filter(
      (call) =>
        call.retailerNumber === '3101' && call.sixMonthCompleteDate! >= window.startDate && call.sixMonthCompleteDate! <= window.endDate,
    );
    const details = await call<NpsDetail[]>('/api/NpsDetails', window);
    expect(details.map((detail) => `${detail.serial} ${detail.recommend}`).sort()).toEqual(
      expected.map((call) => `${call.serialNumber} ${call.recommend}`).sort(),
    );
    const homeIds = new Map(
      (await t.db.select({ id: schema.homes.id, serial: schema.homes.serialNumber }).from(schema.homes)).map((home) => [
        home.serial,
        home.id,
      ]),
    );
    for (const detail of details) expect(detail.vantageAssetId, detail.serial).toBe(homeIds.get(detail.serial) ?? null);
    expect(details.some((detail) => detail.vantageAssetId === null)).toBe(true);
  });

  it('help: the library in position order; a PDF and a video download with the bytes of their files, the video with its captions', async () => {
    const expected = exampleRows('help-documents');
    const documents = await call<HelpDocument[]>('/api/Documents/Help');
    expect(documents.map((document) => [document.displayName, document.category, document.fileType])).toEqual(
      expected.map((row) => [row.displayName, row.category, row.file!.endsWith('.pdf') ? 'pdf' : 'video']),
    );
    for (const [index, document] of documents.entries()) {
      const bytes = readFileSync(join(EXAMPLES, expected[index]!.file!));
      expect(document).toMatchObject({
        size: bytes.byteLength,
        etag: createHash('sha256').update(bytes).digest('hex'),
        hasCaptions: expected[index]!.captions !== '',
      });
      const kind = document.fileType === 'pdf' ? 'DownloadHelpDocument' : 'GetHelpVideo';
      const answer = await t.app.request(
        `/api/FileStream/${kind}/${encodeURIComponent(document.displayName)}?documentId=${document.documentId}`,
        {
          headers: { Authorization: `Bearer ${tokens[SALES_USER]}` },
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(document.fileType === 'pdf' ? 'application/pdf' : 'video/mp4');
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const video = documents.find((document) => document.fileType === 'video')!;
    const captions = await t.app.request(`/api/FileStream/GetHelpVideoCaptions/x?documentId=${video.documentId}`, {
      headers: { Authorization: `Bearer ${tokens[SALES_USER]}` },
    });
    expect(await captions.text()).toBe(readFileSync(join(EXAMPLES, expected.find((row) => row.captions)!.captions!), 'utf8'));
  });

  it('Learn: categories and sub-categories in the order first imported, each PDF with the bytes of its file', async () => {
    const expected = exampleRows('learn-documents');
    const library = await call<LearnCategory[]>('/api/Documents/References');
    expect(library.map((category) => category.displayName)).toEqual([...new Set(expected.map((row) => row.category))]);
    const documents = library.flatMap((category) =>
      category.subCategories.flatMap((subCategory) =>
        subCategory.documents.map((document) => ({ ...document, category: category.displayName, subCategory: subCategory.displayName })),
      ),
    );
    expect(documents.map((document) => [document.category, document.subCategory, document.displayName, document.fileName])).toEqual(
      expected.map((row) => [row.category, row.subCategory, row.displayName, row.fileName || row.file!.split('/').at(-1)]),
    );
    const answer = await t.app.request(`/api/Documents/References/${documents[0]!.documentId}`, {
      headers: { Authorization: `Bearer ${tokens[SALES_USER]}` },
    });
    expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(join(EXAMPLES, expected[0]!.file!)))).toBe(true);
  });

  it("What's new?: newest release first, items in the file's order", async () => {
    const expected = exampleLines('release-notes');
    const notes = await call<ReleaseNote[]>('/api/ReleaseNotes');
    expect(notes.map((note) => note.version)).toEqual(expected.map((note) => note.version as string));
    expect(notes[0]!.items[0]).toEqual({ category: 'New', text: (expected[0]!.items as string[])[0]!.replace(/^New: /, '') });
    expect(notes[2]!.items.map((item) => item.category)).toEqual(
      (expected[2]!.items as { category: string }[]).map((item) => item.category),
    );
  });
});

describe('a changed row updates and only it', () => {
  it('orders: a new status', async () => {
    const rows = exampleRows('orders');
    const changed = rows.map((row, index) => (index === 0 ? { ...row, status: 'Serviced' } : row));
    expect(counts(await importText('orders', csvText('orders', changed)))).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: rows.length - 1,
      refused: 0,
    });
    expect((await t.db.select().from(schema.salesOrders).where(eq(schema.salesOrders.orderNumber, rows[0]!.orderNumber!)))[0]!.status).toBe(
      'Serviced',
    );
    expect(counts(await importExample('orders'))).toMatchObject({ updated: 1 });
  });

  it("quotes: an option's price in the latest revision, a revision dropped", async () => {
    const lines = exampleLines('quotes');
    const index = lines.findIndex((quote) => quote.quoteNumber === '500301');
    const quote = structuredClone(lines[index]!) as { revisions: { options: { price: number }[] }[] };
    quote.revisions.at(-1)!.options[0]!.price += 100;
    const repriced = lines.map((line, at) => (at === index ? quote : line));
    expect(counts(await importText('quotes', jsonLines(repriced)))).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: lines.length - 1,
      refused: 0,
    });
    const [stored] = await t.db.select().from(schema.quotes).where(eq(schema.quotes.quoteNumber, '500301'));
    const revisions = await t.db
      .select()
      .from(schema.quoteRevisions)
      .where(eq(schema.quoteRevisions.quoteId, stored!.id))
      .orderBy(asc(schema.quoteRevisions.revisionNumber));
    const [firstOption] = await t.db
      .select()
      .from(schema.quoteOptions)
      .where(eq(schema.quoteOptions.revisionId, revisions.at(-1)!.id))
      .orderBy(asc(schema.quoteOptions.id));
    expect(firstOption!.optionPrice).toBe(quote.revisions.at(-1)!.options[0]!.price);

    quote.revisions.pop();
    expect(counts(await importText('quotes', jsonLines(repriced)))).toMatchObject({ updated: 1, unchanged: lines.length - 1 });
    expect(await t.db.select().from(schema.quoteRevisions).where(eq(schema.quoteRevisions.quoteId, stored!.id))).toHaveLength(
      revisions.length - 1,
    );
    expect(counts(await importExample('quotes'))).toMatchObject({ updated: 1, unchanged: lines.length - 1 });
  });

  it('inventory, NPS, help, Learn, release notes: one changed field each', async () => {
    const inventory = exampleRows('inventory');
    const repriced = inventory.map((row, index) => (index === 1 ? { ...row, invoiceAmount: '99999.99' } : row));
    expect(counts(await importText('inventory', csvText('inventory', repriced)))).toMatchObject({
      updated: 1,
      unchanged: inventory.length - 1,
    });

    const nps = exampleRows('nps-responses');
    const recommended = nps.map((row, index) =>
      index === 0 ? { ...row, recommend: '4', comments: 'Changed our mind,\n"after the second visit".' } : row,
    );
    expect(counts(await importText('nps-responses', csvText('nps-responses', recommended)))).toMatchObject({
      updated: 1,
      unchanged: nps.length - 1,
    });
    const [call] = await t.db.select().from(schema.npsResponses).where(eq(schema.npsResponses.serialNumber, nps[0]!.serialNumber!));
    expect(call).toMatchObject({ recommend: 4, comments: 'Changed our mind,\n"after the second visit".' });

    const help = exampleRows('help-documents');
    const [before] = await t.db.select().from(schema.helpDocuments).where(eq(schema.helpDocuments.displayName, help[0]!.displayName!));
    const swapped = help.map((row, index) => (index === 0 ? { ...row, file: help[1]!.file! } : row));
    expect(counts(await importText('help-documents', csvText('help-documents', swapped)))).toMatchObject({
      updated: 1,
      unchanged: help.length - 1,
    });
    const [after] = await t.db.select().from(schema.helpDocuments).where(eq(schema.helpDocuments.displayName, help[0]!.displayName!));
    expect(after!.sha256).not.toBe(before!.sha256);
    expect(Buffer.from(after!.data).equals(readFileSync(join(EXAMPLES, help[1]!.file!)))).toBe(true);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());

    const learn = exampleRows('learn-documents');
    const renamed = learn.map((row, index) => (index === 0 ? { ...row, fileName: 'Footings.pdf' } : row));
    expect(counts(await importText('learn-documents', csvText('learn-documents', renamed)))).toMatchObject({
      updated: 1,
      unchanged: learn.length - 1,
    });

    const notes = exampleLines('release-notes');
    const shorter = notes.map((note, index) => (index === 0 ? { ...note, items: (note.items as string[]).slice(0, 2) } : note));
    expect(counts(await importText('release-notes', jsonLines(shorter)))).toMatchObject({ updated: 1, unchanged: notes.length - 1 });
    const [note] = await t.db
      .select()
      .from(schema.releaseNotes)
      .where(eq(schema.releaseNotes.version, notes[0]!.version as string));
    expect(await t.db.select().from(schema.releaseNoteItems).where(eq(schema.releaseNoteItems.releaseNoteId, note!.id))).toHaveLength(2);

    for (const kind of ['inventory', 'nps-responses', 'help-documents', 'learn-documents', 'release-notes'] as const) {
      expect({ kind, ...counts(await importExample(kind)) }).toMatchObject({ kind, inserted: 0, updated: 1 });
    }
  });
});

describe('delta sync of imported sales lists', () => {
  async function delta<Row>(path: string, since: string, userName = SALES_USER) {
    const result = await t.call<SyncPage<Row>>('GET', path, { token: tokens[userName], query: { since } });
    expect(result.status).toBe(200);
    return result.body;
  }
  async function listCursor(path: string, userName = SALES_USER) {
    const result = await t.call('GET', path, { token: tokens[userName] });
    expect(result.status).toBe(200);
    return result.headers.get(SYNC_CURSOR_HEADER)!;
  }

  it('orders and quotes: an unchanged re-import carries nothing; a changed order, and a quote whose options changed, arrive', async () => {
    const ordersCursor = await listCursor('/api/order');
    const quotesCursor = await listCursor('/api/Quote');
    await importExample('orders', { overwrite: true });
    await importExample('quotes', { overwrite: true });
    expect(await delta('/api/order', ordersCursor)).toMatchObject({ items: [], removed: [] });
    expect(await delta('/api/Quote', quotesCursor)).toMatchObject({ items: [], removed: [] });

    const rows = exampleRows('orders');
    const target = rows.find((row) => row.retailerNumber === '3101')!;
    await importText(
      'orders',
      csvText(
        'orders',
        rows.map((row) => (row === target ? { ...row, status: 'Delivered', salesNote: 'Porch added on site.' } : row)),
      ),
    );
    const orders = await delta<SalesOrder>('/api/order', ordersCursor);
    expect(orders.items.map((order) => [order.orderNumber, order.status])).toEqual([[target.orderNumber, 'Delivered']]);

    const lines = exampleLines('quotes');
    const quote = structuredClone(lines.find((line) => line.quoteNumber === '500302')!) as {
      quoteNumber: string;
      revisions: { options: { quantity?: number }[] }[];
    };
    quote.revisions[0]!.options[0]!.quantity = 3;
    await importText('quotes', jsonLines(lines.map((line) => (line.quoteNumber === '500302' ? quote : line))));
    const quotes = await delta<Quote>('/api/Quote', quotesCursor);
    expect(quotes.items.map((row) => row.quoteNumber)).toEqual(['500302']);

    // Another retail center's user hears of none of it.
    const companyCursor = await listCursor('/api/order', COMPANY_USER);
    await importExample('orders');
    expect(await delta('/api/order', companyCursor, COMPANY_USER)).toMatchObject({ items: [], removed: [] });
    await importExample('quotes');
  });

  it('inventory: a home moved to another retail center leaves the first one as removed and reaches the other', async () => {
    const cursor = await listCursor('/api/Inventory');
    const companyCursor = await listCursor('/api/Inventory', COMPANY_USER);
    const rows = exampleRows('inventory');
    const moved = rows.find((row) => row.retailerNumber === '3101')!;
    await importText(
      'inventory',
      csvText(
        'inventory',
        rows.map((row) => (row === moved ? { ...row, retailerNumber: '3140' } : row)),
      ),
    );
    const [stored] = await t.db.select().from(schema.inventoryHomes).where(eq(schema.inventoryHomes.serialNumber, moved.serialNumber!));
    expect(await delta('/api/Inventory', cursor)).toMatchObject({ items: [], removed: [stored!.id] });
    expect((await delta<InventoryItem>('/api/Inventory', companyCursor, COMPANY_USER)).items.map((home) => home.serailNumber)).toEqual([
      moved.serialNumber,
    ]);
    await importExample('inventory');
  });
});

describe('refused rows: line, field and message; nothing written', () => {
  const orderRow = () => exampleRows('orders')[0]!;

  it.each<[string, Kind, () => string, { line: number; field: string; message: string }[]]>([
    [
      'orders: a quote that does not exist',
      'orders',
      () => csvText('orders', [{ ...orderRow(), orderNumber: 'NEW-1', quoteNumber: '999999' }]),
      [{ line: 2, field: 'quoteNumber', message: 'quote 999999 does not exist.' }],
    ],
    [
      "orders: another plant than its quote's and its home's",
      'orders',
      () => csvText('orders', [{ ...orderRow(), orderNumber: 'NEW-1', plantNumber: '931', longSerialNumber: 'CLW031200TNA' }]),
      [
        {
          line: 2,
          field: 'quoteNumber',
          message: "Quote 500120 is of retailer 3101 at plant 910: an order is at its quote's retailer and plant.",
        },
        { line: 2, field: 'longSerialNumber', message: 'Home CLW031200TNA was built at plant 910, not 931.' },
      ],
    ],
    [
      'orders: a deleted quote',
      'orders',
      () =>
        csvText('orders', [
          { ...orderRow(), orderNumber: 'NEW-1', quoteNumber: '500307', retailerNumber: '3140', plantNumber: '910', longSerialNumber: '' },
        ]),
      [
        {
          line: 2,
          field: 'quoteNumber',
          message: "Quote 500307 is deleted: an order is placed from a quote that is not (its detail report is the quote's).",
        },
      ],
    ],
    [
      'orders: a bad order number and a day that does not exist',
      'orders',
      () => csvText('orders', [{ ...orderRow(), orderNumber: 'NEW 1', orderDate: '2026-02-30' }]),
      [
        { line: 2, field: 'orderNumber', message: 'Must be letters, digits or dashes.' },
        { line: 2, field: 'orderDate', message: '2026-02-30 is not a real date.' },
      ],
    ],
    [
      'quotes: a bad option price and an unknown option field (before any reference is checked)',
      'quotes',
      () => {
        const quote = structuredClone(exampleLines('quotes')[0]!) as Record<string, unknown> & { revisions: Record<string, unknown>[] };
        (quote.revisions[0]!.options as Record<string, unknown>[])[1]!.price = 'cheap';
        (quote.revisions[0]!.options as Record<string, unknown>[])[2]!.qty = 2;
        return jsonLines([{ ...quote, quoteNumber: '700001', createdBy: 'nobody@valleyview.example', retailerNumber: '9999' }]);
      },
      [
        { line: 1, field: 'revisions[0].options[1].price', message: 'Must be a number.' },
        {
          line: 1,
          field: 'revisions[0].options[2].qty',
          message:
            'Not a field of an option: the fields are categoryId, category, optionNumber, description, quantity, price, available, custom.',
        },
      ],
    ],
    [
      'quotes: expiring before it was made',
      'quotes',
      () =>
        jsonLines([
          {
            ...exampleLines('quotes')[0]!,
            quoteNumber: '700001',
            createdBy: 'nobody@valleyview.example',
            retailerNumber: '9999',
            expirationDate: '2020-01-01',
          },
        ]),
      [{ line: 1, field: 'expirationDate', message: 'Must be on or after the quote date.' }],
    ],
    [
      'quotes: a retailer and a user that do not exist',
      'quotes',
      () =>
        jsonLines([
          { ...exampleLines('quotes')[0]!, quoteNumber: '700001', createdBy: 'nobody@valleyview.example', retailerNumber: '9999' },
        ]),
      [
        { line: 1, field: 'retailerNumber', message: 'retailer 9999 does not exist.' },
        { line: 1, field: 'createdBy', message: 'user nobody@valleyview.example does not exist.' },
      ],
    ],
    [
      'quotes: no revision',
      'quotes',
      () => jsonLines([{ ...exampleLines('quotes')[0]!, quoteNumber: '700001', revisions: [] }]),
      [{ line: 1, field: 'revisions', message: 'A quote needs at least one revision.' }],
    ],
    [
      'inventory: a type that is not New or Used',
      'inventory',
      () => csvText('inventory', [{ ...exampleRows('inventory')[0]!, plantNumber: '931', type: 'Repo' }]),
      [{ line: 2, field: 'type', message: 'Must be one of: New, Used.' }],
    ],
    [
      'inventory: a home on file at another plant',
      'inventory',
      () => csvText('inventory', [{ ...exampleRows('inventory')[0]!, plantNumber: '931' }]),
      [{ line: 2, field: 'serialNumber', message: 'Home CLW031251TNAB was built at plant 910, not 931.' }],
    ],
    [
      'nps-responses: an answer above 10',
      'nps-responses',
      () => csvText('nps-responses', [{ ...exampleRows('nps-responses')[0]!, recommend: '11' }]),
      [{ line: 2, field: 'recommend', message: 'Must be from 0 to 10.' }],
    ],
    [
      'help-documents: a file that is no PDF or video',
      'help-documents',
      () => csvText('help-documents', [{ ...exampleRows('help-documents')[0]!, file: 'help/finding-your-way-around-homesite.vtt' }]),
      [{ line: 2, field: 'file', message: '"help/finding-your-way-around-homesite.vtt" is not a PDF, MP4 or WebM file.' }],
    ],
    [
      'help-documents: captions for a PDF',
      'help-documents',
      () => csvText('help-documents', [{ ...exampleRows('help-documents')[0]!, captions: 'help/finding-your-way-around-homesite.vtt' }]),
      [{ line: 2, field: 'captions', message: 'Only a video has captions.' }],
    ],
    [
      'help-documents: a path out of the folder',
      'help-documents',
      () => csvText('help-documents', [{ ...exampleRows('help-documents')[0]!, file: '../homes.csv' }]),
      [{ line: 2, field: 'file', message: "Must not lead out of the imported file's folder (no ..)." }],
    ],
    [
      'learn-documents: a video',
      'learn-documents',
      () => csvText('learn-documents', [{ ...exampleRows('learn-documents')[0]!, file: 'help/finding-your-way-around-homesite.mp4' }]),
      [{ line: 2, field: 'file', message: '"help/finding-your-way-around-homesite.mp4" is not a PDF file.' }],
    ],
    [
      'release-notes: an item of no category',
      'release-notes',
      () => jsonLines([{ ...exampleLines('release-notes')[0]!, version: '9.9.9', items: ['New: fine', 'Removed: an old screen'] }]),
      [{ line: 1, field: 'items[1]', message: 'Must be written "<category>: <text>", the category one of New, Improved, Fixed.' }],
    ],
  ])('%s', async (_case, kind, text, refused) => {
    const before = await positions();
    const report = await importText(kind, text());
    expect(report.refused).toEqual(refused);
    expect(report.written).toBe(false);
    expect(await positions()).toEqual(before);
  });

  it('a file the reader cannot find is refused with its message', async () => {
    const report = await importText(
      'learn-documents',
      csvText('learn-documents', [{ ...exampleRows('learn-documents')[0]!, file: 'learn/missing.pdf' }]),
    );
    expect(report.refused).toEqual([
      { line: 2, field: 'file', message: expect.stringMatching(/^Cannot read "learn\/missing\.pdf": .*no such file/i) },
    ]);
  });

  it('over HTTP (no readFile) a row naming a file is refused with the command to use; other kinds import as usual', async () => {
    for (const kind of ['help-documents', 'learn-documents'] as const) {
      const report = await importExample(kind, { readFile: undefined });
      expect(report.rowsRefused, kind).toBe(report.rowsRead);
      expect(report.refused[0]).toEqual({ line: 2, field: 'file', message: FILES_NEED_COMMAND_LINE_MESSAGE });
    }
    expect(counts(await importExample('orders', { readFile: undefined }))).toMatchObject({ refused: 0, inserted: 0, updated: 0 });
  });
});

describe('the same rows in the other format', () => {
  const cell = (value: unknown) => {
    const text =
      value === undefined || value === null
        ? ''
        : typeof value === 'string'
          ? value
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };

  it('quotes as CSV, their revisions as JSON text in one cell, are the quotes of the JSON Lines file', async () => {
    const columns = QUOTE_IMPORT_COLUMNS.columns;
    const text = [columns.join(','), ...exampleLines('quotes').map((quote) => columns.map((column) => cell(quote[column])).join(','))].join(
      '\r\n',
    );
    const report = await importText('quotes', text, { format: 'csv' });
    expect(counts(report)).toEqual({ inserted: 0, updated: 0, unchanged: exampleLines('quotes').length, refused: 0 });
    const broken = text.replace('"[{""comments""', '"[{""comments"":');
    expect((await importText('quotes', broken, { format: 'csv' })).refused[0]).toMatchObject({
      line: 2,
      field: 'revisions',
      message: expect.stringMatching(/^Must be JSON: /),
    });
  });

  it('release notes as CSV, one item per line of a quoted cell, are the releases of the JSON Lines file', async () => {
    const itemLine = (item: unknown) =>
      typeof item === 'string' ? item : `${(item as { category: string }).category}: ${(item as { text: string }).text}`;
    const rows = exampleLines('release-notes').map((note) =>
      [note.version, note.releaseDate, note.title, note.summary, (note.items as unknown[]).map(itemLine).join('\n')].map(cell).join(','),
    );
    const report = await importText('release-notes', ['version,releaseDate,title,summary,items', ...rows].join('\n'), { format: 'csv' });
    expect(counts(report)).toEqual({ inserted: 0, updated: 0, unchanged: rows.length, refused: 0 });
  });
});

describe('over HTTP (POST /api/import/{kind} with an API key)', () => {
  let key: string;
  const post = async (kind: Kind) => {
    const response = await t.app.request(`/api/import/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: exampleText(kind),
    });
    return { status: response.status, report: (await response.json()) as ImportReport };
  };
  beforeAll(async () => {
    key = (await createApiKey(t.db, 'sales-and-content')).key;
  });

  it('an ERP pushing the same orders again changes nothing', async () => {
    const answer = await post('orders');
    expect(answer.status).toBe(200);
    expect(counts(answer.report)).toEqual({ inserted: 0, updated: 0, unchanged: exampleRows('orders').length, refused: 0 });
  });

  it('help and Learn documents are refused row by row, with the command that imports them, and nothing is written', async () => {
    for (const kind of ['help-documents', 'learn-documents'] as const) {
      const before = await positions();
      const answer = await post(kind);
      expect(answer.status, kind).toBe(422);
      expect(answer.report.refused).toEqual(
        exampleRows(kind).map((_, index) => ({ line: index + 2, field: 'file', message: FILES_NEED_COMMAND_LINE_MESSAGE })),
      );
      expect(await positions()).toEqual(before);
    }
  });
});

describe('odd rows (issue 14 §2 for the importer): a report, never an error', () => {
  /** The first example row of a kind as a JSON Lines object (CSV cells as strings, as JSON Lines also takes them). */
  const exampleObject = (kind: Kind) =>
    exampleOf(kind).format === 'csv'
      ? Object.fromEntries(Object.entries(exampleRows(kind)[0]!).filter(([, value]) => value !== ''))
      : exampleLines(kind)[0]!;

  it.each([...KINDS])(
    '%s: one to three values of an example row replaced, removed or joined by unknown ones',
    async (kind) => {
      const before = await positions();
      await fc.assert(
        fc.asyncProperty(bodiesAround(exampleObject(kind)), async (row) => {
          try {
            const report = await runImport(t.db, kind, chunksOf(bodyText(row)), {
              format: 'jsonl',
              dryRun: true,
              readFile: besideExamples,
            });
            expect(report.written).toBe(false);
          } catch (error) {
            // A whole-file refusal is an answer too; anything else would be a 500 over HTTP.
            expect(error).toBeInstanceOf(ImportError);
          }
        }),
        { numRuns: 50, seed: 20 },
      );
      expect(await positions()).toEqual(before);
    },
    120_000,
  );
});
