import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYNC_CURSOR_HEADER,
  type PartsOrder,
  type PartsOrderSummary,
  type QuoteCopy,
  type ServiceRequest,
  type ServiceRequestSummary,
  type ShipToLocation,
  type SyncPage,
} from '../../src/contract';
import { FILES_NEED_COMMAND_LINE_MESSAGE } from '../../src/contract/import';
import { hashPassword } from '../../src/server/auth/passwords';
import * as schema from '../../src/server/db/schema';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { ImportError, runImport, type ImportOptions, type ImportReport } from '../../src/server/import/run-import';
import { workOrderNumberOf, type NumberStarts } from '../../src/server/numbers/number-starts';
import { bodiesAround, bodyText } from './fuzz/mutations';
import { createTestContext, type TestContext } from './harness';
import { besideExamples, chunksOf, EXAMPLES, exampleLines, exampleOf } from './import-examples';
import { FILE_NOT_IMPORTED_MESSAGE } from '../../src/server/routes/images';

/*
 * The service history import (issue 30 §2): ship-to locations, catalog images, work orders and parts orders, imported
 * with the organisation's example files in the documented order into an empty database; what the screens and the
 * delta sync read of them; re-imports; refusals (references, files, the numbers HomeSite hands out); and the numbers
 * the app then hands out, from a configured start.
 */

let t: TestContext;
/** Not the default: the configured start is what counts. The examples' numbers are below both. */
const STARTS: NumberStarts = { workOrder: 2_500_000, quote: 2_600_000 };
const SERVICE_KINDS = ['ship-to-locations', 'catalog-images', 'work-orders', 'parts-orders'] as const;

const importExample = (kind: string, options: Partial<ImportOptions> = {}) => {
  const { path, format } = exampleOf(kind);
  return runImport(t.db, kind, createReadStream(path), { format, readFile: besideExamples, numberStarts: STARTS, ...options });
};
const importLines = (kind: string, rows: readonly object[], options: Partial<ImportOptions> = {}) =>
  runImport(t.db, kind, chunksOf(rows.map((row) => bodyText(row)).join('\n')), {
    format: 'jsonl',
    readFile: besideExamples,
    numberStarts: STARTS,
    ...options,
  });
const counts = (report: ImportReport) => ({
  inserted: report.inserted,
  updated: report.updated,
  unchanged: report.unchanged,
  refused: report.refusedCount,
});
const refusals = (report: ImportReport) => report.refused.map(({ field, message }) => ({ field, message }));
const rows = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** What a re-import must leave exactly as it was: ids, row versions and sync positions of every table it writes. */
const positions = async () => ({
  requests: await rows('SELECT id, vantage_work_order_id, row_version, sync_xid FROM service_requests ORDER BY id'),
  items: await rows('SELECT id, service_request_id, row_version FROM service_items ORDER BY id'),
  parts: await rows('SELECT id, service_request_id FROM service_parts ORDER BY id'),
  attachments: await rows('SELECT id, content_document_id, sha256 FROM service_attachments ORDER BY id'),
  orders: await rows('SELECT id, parts_log_number, row_version, sync_xid FROM parts_orders ORDER BY id'),
  orderItems: await rows('SELECT id, parts_order_id FROM parts_order_items ORDER BY id'),
  shipTo: await rows('SELECT id, retailer_number, position FROM retailer_ship_to_locations ORDER BY id'),
  images: await rows('SELECT file_name, sha256 FROM catalog_images ORDER BY file_name'),
});

/** Morgan: retail administrator and service user of Valley View Homes (3101, current) and Blue Ridge Housing. */
const RETAIL_ADMIN = 'morgan.alvarez@valleyview.example';
const PASSWORD = 'Imported#2026!';
let token = '';

beforeAll(async () => {
  t = await createTestContext({ seed: false, config: { numberStarts: STARTS } });
}, 120_000);
afterAll(() => t.close());

describe('example files', () => {
  it('import in the documented order (plants, retailers, ship-to locations, users, homes, work orders, parts orders) with no refusals', async () => {
    const order = Object.keys(IMPORT_KINDS);
    const at = (kind: string) => order.indexOf(kind);
    for (const [before, after] of [
      ['plants', 'retailers'],
      ['retailers', 'ship-to-locations'],
      ['ship-to-locations', 'users'],
      ['users', 'homes'],
      ['parts-catalog', 'catalog-images'],
      ['homes', 'work-orders'],
      ['work-orders', 'parts-orders'],
    ])
      expect(at(before!), `${before} before ${after}`).toBeLessThan(at(after!));
    for (const kind of order) {
      const report = await importExample(kind);
      expect(report.refused, kind).toEqual([]);
      expect({ kind, ...counts(report), written: report.written }).toEqual({
        kind,
        inserted: report.rowsRead,
        updated: 0,
        unchanged: 0,
        refused: 0,
        written: true,
      });
    }
    const workOrders = exampleLines('work-orders');
    const sum = (field: string) => workOrders.reduce((total, row) => total + ((row[field] as unknown[] | undefined)?.length ?? 0), 0);
    expect((await t.db.select().from(schema.serviceItems)).length).toBe(sum('serviceItems'));
    expect((await t.db.select().from(schema.serviceParts)).length).toBe(sum('partsItems'));
    expect((await t.db.select().from(schema.serviceAttachments)).length).toBe(sum('attachments'));
    const partsOrders = exampleLines('parts-orders');
    expect((await t.db.select().from(schema.partsOrderItems)).length).toBe(
      partsOrders.reduce((total, row) => total + (row.items as unknown[]).length, 0),
    );
    // A file beside the imported one is stored as an upload is: its bytes, type told by them, size and hash.
    const [receipt] = await t.db
      .select()
      .from(schema.serviceAttachments)
      .where(eq(schema.serviceAttachments.contentDocumentId, '069A0000412002R'));
    const pdf = readFileSync(join(EXAMPLES, 'attachments/receipt-ridgeline-plumbing.pdf'));
    expect(receipt).toMatchObject({
      contentType: 'application/pdf',
      sizeBytes: pdf.byteLength,
      fileName: 'receipt-ridgeline-plumbing.pdf',
    });
    expect(Buffer.from(receipt!.data).equals(pdf)).toBe(true);

    await t.db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(PASSWORD), passwordLastChanged: new Date() })
      .where(eq(schema.users.userName, RETAIL_ADMIN));
    token = await t.login(RETAIL_ADMIN, PASSWORD);
  }, 120_000);

  it('import again, and again with --overwrite: every row unchanged, no id, row version or sync position moved', async () => {
    const before = await positions();
    for (const overwrite of [false, true]) {
      for (const kind of SERVICE_KINDS) {
        const report = await importExample(kind, { overwrite });
        expect({ kind, overwrite, ...counts(report) }).toEqual({
          kind,
          overwrite,
          inserted: 0,
          updated: 0,
          unchanged: report.rowsRead,
          refused: 0,
        });
      }
    }
    expect(await positions()).toEqual(before);
  });
});

describe('what the screens read of imported rows', () => {
  const get = async <T>(path: string, query?: Record<string, string>) => {
    const result = await t.call<T>('GET', path, { token, query });
    expect(result.status, path).toBe(200);
    return result;
  };

  it("the retail admin's work-order list shows the imported work orders of the current retail center; the work order opens with its items, parts and attachments", async () => {
    const list = (await get<ServiceRequestSummary[]>('/api/service')).body;
    const homesOf3101 = new Set(
      (await t.db.select().from(schema.homes).where(eq(schema.homes.retailerNumber, '3101'))).map((home) => home.serialNumber),
    );
    const expected = exampleLines('work-orders').filter((row) => homesOf3101.has(row.serialNumber as string));
    expect(expected.length).toBeGreaterThan(0);
    expect(list.map((row) => row.vantageWorkOrderId).sort()).toEqual(expected.map((row) => row.workOrderId).sort());
    const listed = list.find((row) => row.vantageWorkOrderId === 412001)!;
    expect(listed).toMatchObject({
      vantageWorkOrderNumber: 'WO-0412001',
      status: 'P',
      homeownerName: 'James Smith',
      requestDate: '2026-02-02',
    });

    const workOrder = (await get<ServiceRequest>('/api/service/workorders/412002')).body;
    expect(workOrder).toMatchObject({ status: 'Q', technician: 'Dana Whitfield', isStaged: false, otherCosts: 18.4 });
    expect(workOrder.serviceItems.map((item) => [item.serviceRequestSequence, item.problemDescription])).toEqual([
      [1, 'Toilet rocks on flange'],
      [2, 'Subfloor soft around toilet'],
      [3, 'Caulk missing at base'],
    ]);
    // The two-man item is priced at the plant's two-man rate (plants.csv: 95.00), the others at the one-man rate.
    expect(workOrder.serviceItems.map((item) => item.hourlyLaborRate)).toEqual([55, 95, 55]);
    // Totals as the app computes them: labor 1.5*55 + 1*95 + 0.25*55 = 191.25; mileage 38*0.65 = 24.70; trip 2*40 = 80.
    expect(workOrder.totalServiceCost).toBeCloseTo(314.35, 2);
    expect(workOrder.totalCombinedCost).toBeCloseTo(314.35 + 18.4 + 3.1, 2);
    expect(
      workOrder.serviceAttachments.map((attachment) => [attachment.contentDocumentId, attachment.isPdf, attachment.sizeBytes]),
    ).toEqual([
      ['069A0000412002R', true, readFileSync(join(EXAMPLES, 'attachments/receipt-ridgeline-plumbing.pdf')).byteLength],
      ['069A0000412002S', false, 0],
    ]);
    const image = await t.call<string>('GET', '/images/workorders/412001/attachments/069A0000412001A', { token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // A record the source system kept no file of is listed, and its file answers 404 saying why, not an empty file.
    const noFile = await t.call<{ message: string }>('GET', '/images/workorders/412002/attachments/069A0000412002S', { token });
    expect(noFile.status).toBe(404);
    expect(noFile.body.message).toBe(FILE_NOT_IMPORTED_MESSAGE);
  });

  it('parts orders: listed for their retail center with items, receipts and shipping, and the plant-side ids a submit gives', async () => {
    const list = (await get<PartsOrderSummary[]>('/api/parts')).body;
    expect(list.map((order) => order.partsLogNumber).sort()).toEqual(['045087', '045112']);
    const [stored] = await t.db.select().from(schema.partsOrders).where(eq(schema.partsOrders.partsLogNumber, '045112'));
    expect(stored!.vantagePartsRequestId).toBe(800_000 + stored!.id);
    const order = (await get<PartsOrder>(`/api/Parts/vantage/${stored!.vantagePartsRequestId}`)).body;
    expect(order).toMatchObject({
      orderStatus: 'SHIPPED',
      viaDescription: 'UPS Ground',
      trackingNumber: '1Z4E2F880312345678',
      shipToType: 'Retailer',
    });
    expect(order.partsItems.map((item) => [item.combinedPartNumber, item.quantity])).toEqual([
      ['8084020102', 1],
      ['8084020109', 1],
    ]);
    const [stock] = await t.db.select().from(schema.partsOrders).where(eq(schema.partsOrders.partsLogNumber, '045120'));
    expect(stock).toMatchObject({ serialNumber: '999999', homeId: null, status: 'Received', retailerNumber: '3140' });
    const items = await t.db.select().from(schema.partsOrderItems).where(eq(schema.partsOrderItems.partsOrderId, stock!.id));
    expect(items.map((item) => [item.isCorrect, item.receivedDate, item.incorrectPartMessage])).toEqual([
      [true, '2026-11-05', ''],
      [false, '2026-11-05', 'Brushed nickel sent, chrome ordered'],
    ]);
  });

  it('ship-to locations in position order; catalog images served by name', async () => {
    const locations = (await get<ShipToLocation[]>('/api/Parts/ShipToLocations', { retailerNumber: '3101' })).body;
    expect(locations.map((location) => location.name)).toEqual(['Valley View Homes', 'Valley View Homes - Lot 2']);
    const image = await t.call('GET', '/images/PartsCatalogImages/10-110-20011-faucet.png', { token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});

describe('changes reach devices through the delta sync', () => {
  it("a changed status, and a changed item alone, each give the work order a new row version in the list's delta", async () => {
    const first = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token });
    const cursor = first.headers.get(SYNC_CURSOR_HEADER)!;
    const original = exampleLines('work-orders').find((row) => row.workOrderId === 412003)!;
    const version = async () =>
      (await t.db.select().from(schema.serviceRequests).where(eq(schema.serviceRequests.vantageWorkOrderId, 412003)))[0]!.rowVersion;
    const before = await version();

    expect(counts(await importLines('work-orders', [{ ...original, status: 'I' }]))).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
      refused: 0,
    });
    expect(await version()).toBe(before + 1);
    const delta = await t.call<SyncPage<ServiceRequestSummary>>('GET', '/api/service', { token, query: { since: cursor } });
    expect(delta.body.items.map((row) => [row.vantageWorkOrderId, row.status, row.rowVersion])).toEqual([[412003, 'I', before + 1]]);

    const items = original.serviceItems as Record<string, unknown>[];
    const changedItem = [{ ...items[0], actionTaken: 'Realigned strike plate and adjusted hinges' }];
    expect(counts(await importLines('work-orders', [{ ...original, status: 'I', serviceItems: changedItem }]))).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
      refused: 0,
    });
    expect(await version()).toBe(before + 2);
    const next = await t.call<SyncPage<ServiceRequestSummary>>('GET', '/api/service', { token, query: { since: delta.body.cursor } });
    expect(next.body.items.map((row) => row.vantageWorkOrderId)).toEqual([412003]);
    // The example again puts it back.
    expect(counts(await importExample('work-orders')).updated).toBe(1);
  });
});

describe('refused rows', () => {
  // The first example's own attachment belongs to work order 412001: a new work order comes without it.
  const workOrder = () =>
    ({ ...exampleLines('work-orders')[0]!, workOrderId: 419001, workOrderNumber: 'WO-0419001', attachments: [] }) as Record<
      string,
      unknown
    >;
  const partsOrder = () => ({ ...exampleLines('parts-orders')[0]!, partsLogNumber: '049001' }) as Record<string, unknown>;

  it('references that do not exist, and statuses of staged records', async () => {
    const report = await importLines('work-orders', [
      {
        ...workOrder(),
        serialNumber: 'NOSUCH1',
        retailerNumber: '9999',
        partsItems: [{ partDescription: 'x', billingCode: 'Warranty', unitOfMeasure: 'ZZ' }],
      },
      { ...workOrder(), workOrderId: 419002, status: 'Unsubmitted' },
    ]);
    expect(report.written).toBe(false);
    expect(report.refused).toEqual([
      { line: 1, field: 'serialNumber', message: 'home NOSUCH1 does not exist.' },
      { line: 1, field: 'retailerNumber', message: 'retailer 9999 does not exist.' },
      { line: 1, field: 'partsItems[0].unitOfMeasure', message: 'unit of measure ZZ does not exist.' },
      { line: 2, field: 'status', message: expect.stringContaining('Must be one of') as string },
    ]);
    const parts = await importLines('parts-orders', [
      { ...partsOrder(), serialNumber: 'RCH031455NCAB', workOrderId: 418999 },
      { ...partsOrder(), partsLogNumber: '049002', status: 'Active' },
    ]);
    expect(refusals(parts)).toEqual([
      { field: 'serialNumber', message: 'Home RCH031455NCAB was built at plant 931, not 910.' },
      { field: 'workOrderId', message: 'work order 418999 does not exist.' },
      { field: 'status', message: expect.stringContaining('Must be one of') as string },
    ]);
    expect(
      refusals(
        await importLines('ship-to-locations', [
          { retailerNumber: '9999', position: 1, name: 'X', address1: '1 A St', city: 'B', state: 'TN', zipCode: '37000' },
        ]),
      ),
    ).toEqual([{ field: 'retailerNumber', message: 'retailer 9999 does not exist.' }]);
  });

  it('keys in the range HomeSite numbers from, and records made in HomeSite', async () => {
    const report = await importLines('work-orders', [
      { ...workOrder(), workOrderId: STARTS.workOrder },
      { ...workOrder(), workOrderId: 419003, workOrderNumber: workOrderNumberOf(STARTS.workOrder + 7) },
    ]);
    expect(refusals(report)).toEqual([
      {
        field: 'workOrderId',
        message: expect.stringContaining(`${STARTS.workOrder} collides with the numbers HomeSite hands out`) as string,
      },
      { field: 'workOrderNumber', message: expect.stringContaining('(WORK_ORDER_NUMBER_START)') as string },
    ]);
    const quote = exampleLines('quotes')[0]!;
    expect(refusals(await importLines('quotes', [{ ...quote, quoteNumber: String(STARTS.quote + 1) }]))).toEqual([
      { field: 'quoteNumber', message: expect.stringContaining('(QUOTE_NUMBER_START)') as string },
    ]);
  });

  it('files: not beside the file, not a type taken (told by the bytes), too large, or sent over HTTP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-files-'));
    writeFileSync(join(dir, 'not-a-photo.png'), 'plain text pretending to be a PNG');
    writeFileSync(join(dir, 'huge.pdf'), Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]));
    writeFileSync(join(dir, 'photo.pdf.png'), readFileSync(join(EXAMPLES, 'attachments/receipt-ridgeline-plumbing.pdf')));
    const inDir = async (path: string) => new Uint8Array(await readFile(join(dir, path)));
    const attached = (file: string) => ({
      ...workOrder(),
      attachments: [{ contentDocumentId: `069X${file.length}`, attachmentType: 1, file }],
    });
    const report = await importLines('work-orders', [attached('not-a-photo.png'), attached('huge.pdf'), attached('missing.jpg')], {
      readFile: inDir,
    });
    expect(refusals(report)).toEqual([
      { field: 'attachments[0].file', message: '"not-a-photo.png" is not a JPEG, PNG, GIF or PDF file.' },
      { field: 'workOrderId', message: 'Appears twice in this file, first on line 1.' },
      { field: 'workOrderId', message: 'Appears twice in this file, first on line 1.' },
    ]);
    const one = async (file: string) => refusals(await importLines('work-orders', [attached(file)], { readFile: inDir }));
    expect(await one('huge.pdf')).toEqual([
      { field: 'attachments[0].file', message: expect.stringContaining('it can have at most 10,485,760') as string },
    ]);
    expect((await one('missing.jpg'))[0]!.field).toBe('attachments[0].file');
    // A PDF under an image's name is stored as the PDF it is.
    expect(await one('photo.pdf.png')).toEqual([]);
    expect(refusals(await importLines('work-orders', [attached('x.png')], { readFile: undefined }))).toEqual([
      { field: 'attachments[0].file', message: FILES_NEED_COMMAND_LINE_MESSAGE },
    ]);
    expect(await one('../secret.png')).toEqual([
      { field: 'attachments[0].file', message: "Must not lead out of the imported file's folder (no ..)." },
    ]);
    const image = (file: string) => ({ fileName: 'x-1.png', file });
    expect(refusals(await importLines('catalog-images', [image('huge.pdf')], { readFile: inDir }))).toEqual([
      { field: 'file', message: expect.stringContaining('it can have at most 5,242,880') as string },
    ]);
    expect(refusals(await importLines('catalog-images', [image('photo.pdf.png')], { readFile: inDir }))).toEqual([
      { field: 'file', message: '"photo.pdf.png" is not a JPEG, PNG or GIF file.' },
    ]);
  });

  it('an attachment of another work order', async () => {
    const taken = { ...workOrder(), attachments: [{ contentDocumentId: '069A0000412001A', attachmentType: 1, fileName: 'x.jpg' }] };
    expect(refusals(await importLines('work-orders', [taken]))).toEqual([
      { field: 'attachments[0].contentDocumentId', message: '069A0000412001A is an attachment of work order 412001.' },
    ]);
  });
});

describe('numbers HomeSite hands out after an import', () => {
  it('a work order submitted in the app is numbered from WORK_ORDER_NUMBER_START; an import cannot take it over', async () => {
    const [home] = await t.db.select().from(schema.homes).where(eq(schema.homes.serialNumber, 'CLW031217TNAB'));
    const created = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
      token,
      query: { plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.id) },
    });
    expect(created.status).toBe(201);
    const id = created.body.serviceRequestId;
    const typed = await t.call<ServiceRequest>('PUT', `/api/service/${id}`, {
      token,
      body: { requestType: 'A', caseSubject: 'Door sticks', caseDescription: '', technician: '', rowVersion: created.body.rowVersion },
    });
    expect(typed.status).toBe(200);
    const item = {
      problemDescription: 'Door sticks',
      determinedCause: 'Swollen jamb',
      actionTaken: 'Planed door',
      declinedReason: '',
      serviceRequestCode: '',
      partsCost: 0,
      laborHours: 1,
    };
    expect((await t.call('POST', `/api/service/${id}/items`, { token, body: item })).status).toBe(201);
    const submitted = await t.call<ServiceRequest>('POST', `/api/Service/${id}/SubmitServiceRequest`, { token });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      vantageWorkOrderId: STARTS.workOrder,
      vantageWorkOrderNumber: workOrderNumberOf(STARTS.workOrder),
    });

    // Raised later (as for a second source system): the app's work order is below the start now, and still not the import's.
    const raised = { ...STARTS, workOrder: STARTS.workOrder + 1_000 };
    const report = await importLines(
      'work-orders',
      [{ ...exampleLines('work-orders')[0]!, workOrderId: STARTS.workOrder, workOrderNumber: 'WO-X1', attachments: [] }],
      {
        numberStarts: raised,
      },
    );
    expect(refusals(report)).toEqual([
      { field: 'workOrderId', message: `Work order ${STARTS.workOrder} was made in HomeSite: an import cannot take it over.` },
    ]);
  });

  it('a quote duplicated in the app is numbered from QUOTE_NUMBER_START', async () => {
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.userName, RETAIL_ADMIN));
    const copy = await t.call<QuoteCopy>('GET', `/mch-quote-api/500301/${user!.id}/copy`, { token });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.QuoteNumber).toBe(String(STARTS.quote));
  });

  it('a parts order submitted in the app gets a log number above the imported ones', async () => {
    const [stored] = await t.db.select({ highest: sql<number>`max(id)` }).from(schema.partsOrders);
    const next = (await rows<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('parts_orders', 'id'))::integer AS id`))[0]!.id;
    expect(next).toBeGreaterThan(45_131);
    expect(next).toBeGreaterThan(Number(stored!.highest));
  });
});

describe('odd rows: a report, never an error', () => {
  it.each(['work-orders', 'parts-orders'])(
    '%s: one to three values of an example row replaced, removed or joined by unknown ones',
    async (kind) => {
      const before = await positions();
      await fc.assert(
        fc.asyncProperty(bodiesAround(exampleLines(kind)[0]!), async (row) => {
          try {
            const report = await runImport(t.db, kind, chunksOf(bodyText(row)), {
              format: 'jsonl',
              dryRun: true,
              readFile: besideExamples,
              numberStarts: STARTS,
            });
            expect(report.written).toBe(false);
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
          }
        }),
        { numRuns: 50, seed: 30 },
      );
      expect(await positions()).toEqual(before);
    },
    120_000,
  );
});
