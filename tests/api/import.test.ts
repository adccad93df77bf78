import { createReadStream, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES, SYNC_CURSOR_HEADER, TIME_ZONE_MESSAGES, type SyncPage, type WarrantyCard } from '../../src/contract';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import * as schema from '../../src/server/db/schema';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import {
  BATCH_ROWS,
  ImportError,
  runImport,
  type ImportFormat,
  type ImportOptions,
  type ImportReport,
} from '../../src/server/import/run-import';
import { createTestContext, type TestContext } from './harness';
import { chunksOf, EXAMPLES, exampleOf } from './import-examples';

/* The data importer (issue 20 §3, docs/import.md) on an empty, migrated database, as production starts. */

let t: TestContext;

const importText = (kind: string, text: string | Uint8Array, options: Partial<ImportOptions> = {}) =>
  runImport(t.db, kind, chunksOf(text), { format: 'csv', ...options });

/** Files an example row names (help and Learn documents) are read beside the examples, as the command line reads them beside the file. */
async function readExampleFile(relativePath: string) {
  const path = resolve(EXAMPLES, relativePath);
  if (!path.startsWith(`${resolve(EXAMPLES)}${sep}`)) throw new Error(`${relativePath} is not in ${EXAMPLES}`);
  return new Uint8Array(await readFile(path));
}

function importExample(kind: string, options: Partial<ImportOptions> = {}) {
  const { path, format } = exampleOf(kind);
  return runImport(t.db, kind, createReadStream(path), { format, readFile: readExampleFile, ...options });
}

const exampleHomes = () => parse(readFileSync(`${EXAMPLES}/homes.csv`), { columns: true }) as Record<string, string>[];
const exampleText = (kind: string) => readFileSync(exampleOf(kind).path, 'utf8');

const SERVICE_USER = 'sam.whitaker@valleyview.example';
const COMPANY_USER = 'casey.brooks@homes.example.com';
const PASSWORD = 'Imported#2026!';

/** Gives an imported user a password the way `homesite user reset-password` does, with the product's hash. */
async function setPassword(userName: string) {
  await t.db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(PASSWORD), passwordLastChanged: new Date() })
    .where(eq(schema.users.userName, userName));
}

const counts = (report: ImportReport) => ({
  inserted: report.inserted,
  updated: report.updated,
  unchanged: report.unchanged,
  refused: report.refusedCount,
});

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

describe('example files', () => {
  it('import in the order of IMPORT_KINDS into the empty database with no refusals', async () => {
    expect((await t.db.select().from(schema.users)).length).toBe(0);
    for (const kind of Object.keys(IMPORT_KINDS)) {
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
    expect((await t.db.select().from(schema.homes)).length).toBe(exampleHomes().length);
    // Two independent retailers (one a partner portal) and a company-owned one.
    const retailers = await t.db.select().from(schema.retailers);
    expect(retailers.map((retailer) => [retailer.retailerType, retailer.partnerPortal]).sort()).toEqual([
      ['C', false],
      ['I', false],
      ['I', true],
    ]);
  });

  it('import again changing nothing: every row unchanged, no sync position moved', async () => {
    const positions = await t.db
      .select({ id: schema.warrantyCards.id, xid: schema.warrantyCards.syncXid, version: schema.warrantyCards.rowVersion })
      .from(schema.warrantyCards);
    const profiles = await t.db.select({ id: schema.users.id, version: schema.users.profileVersion }).from(schema.users);
    for (const kind of Object.keys(IMPORT_KINDS)) {
      const report = await importExample(kind);
      expect({ kind, ...counts(report) }).toEqual({ kind, inserted: 0, updated: 0, unchanged: report.rowsRead, refused: 0 });
    }
    expect(
      await t.db
        .select({ id: schema.warrantyCards.id, xid: schema.warrantyCards.syncXid, version: schema.warrantyCards.rowVersion })
        .from(schema.warrantyCards),
    ).toEqual(positions);
    expect(await t.db.select({ id: schema.users.id, version: schema.users.profileVersion }).from(schema.users)).toEqual(profiles);
  });

  it('write warranty cards as the warranty form saves them, and the homeowner copy on the home', async () => {
    const homes = exampleHomes();
    const mailedElsewhere = homes.find((home) => home.ownerAddress1 !== '')!;
    const [row] = await t.db
      .select({ home: schema.homes, card: schema.warrantyCards })
      .from(schema.homes)
      .innerJoin(schema.warrantyCards, eq(schema.warrantyCards.homeId, schema.homes.id))
      .where(eq(schema.homes.serialNumber, mailedElsewhere.serialNumber!));
    const phoneDigits = mailedElsewhere.ownerPhone!.replace(/\D/g, '');
    expect(row!.home).toMatchObject({
      homeownerLastName: mailedElsewhere.ownerLastName,
      homeownerPhone: mailedElsewhere.ownerPhone,
      address1: mailedElsewhere.address1,
    });
    expect(row!.card).toMatchObject({
      statusCode: mailedElsewhere.warrantyStatus,
      address1: mailedElsewhere.ownerAddress1,
      homeAddress1: mailedElsewhere.address1,
      homeAddress: `${mailedElsewhere.address1}, ${mailedElsewhere.city}, ${mailedElsewhere.state} ${mailedElsewhere.zipCode}`,
      areaCode: phoneDigits.slice(0, 3),
      phoneNumber: phoneDigits.slice(3),
      soldDate: mailedElsewhere.soldDate,
    });
    // Homes without a warranty status are unsold stock: no homeowner, no card.
    const unsold = homes.filter((home) => home.warrantyStatus === '');
    const cards = await t.db
      .select({ serial: schema.homes.serialNumber })
      .from(schema.warrantyCards)
      .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId));
    expect(cards.length).toBe(homes.length - unsold.length);
    expect(cards.some((card) => unsold.some((home) => home.serialNumber === card.serial))).toBe(false);
  });
});

describe('rows', () => {
  it('a changed row is updated, the others unchanged', async () => {
    const text = exampleText('employees').replace('"jobTitle": "Yard Hostler"', '"jobTitle": "Yard Lead"');
    const report = await importText('employees', text, { format: 'jsonl' });
    expect(counts(report)).toEqual({ inserted: 0, updated: 1, unchanged: report.rowsRead - 1, refused: 0 });
    expect(await t.db.select().from(schema.hbgEmployees).where(eq(schema.hbgEmployees.jobTitle, 'Yard Lead'))).toHaveLength(1);
  });

  it('leaves a row the file carries unchanged alone, so an edit made in the app since survives; a changed row or overwrite writes it', async () => {
    const example = exampleHomes().find((row) => row.warrantyStatus && row.ownerEmail)!;
    const home = { serialNumber: example.serialNumber!, ownerEmail: example.ownerEmail! };
    const cardOf = async () =>
      (
        await t.db
          .select({ email: schema.warrantyCards.emailAddress })
          .from(schema.warrantyCards)
          .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId))
          .where(eq(schema.homes.serialNumber, home.serialNumber))
      )[0]!.email;
    const editInApp = () =>
      t.db.execute(
        sql`update warranty_cards set email_address = 'edited.in.app@mail.example' from homes where homes.id = warranty_cards.home_id and homes.serial_number = ${home.serialNumber}`,
      );
    await editInApp();
    expect(counts(await importExample('homes'))).toMatchObject({ updated: 0, inserted: 0 });
    expect(await cardOf()).toBe('edited.in.app@mail.example');

    // The upstream system changed the owner's e-mail: its value wins.
    const changed = exampleText('homes').replace(home.ownerEmail, 'owner.from.erp@mail.example');
    expect(counts(await importText('homes', changed))).toMatchObject({ updated: 1, inserted: 0 });
    expect(await cardOf()).toBe('owner.from.erp@mail.example');

    // overwrite writes every row: the file's values come back over an edit made since.
    await editInApp();
    expect(counts(await importText('homes', changed, { overwrite: true }))).toMatchObject({ updated: 1, inserted: 0 });
    expect(await cardOf()).toBe('owner.from.erp@mail.example');
    expect(counts(await importExample('homes'))).toMatchObject({ updated: 1, inserted: 0 });
    expect(await cardOf()).toBe(home.ownerEmail);
  });

  it('refuses a row by line, field and message: ranges, control characters, dates, list items, references, duplicates', async () => {
    const csv = [
      'retailerNumber,name,retailerType,city,state,zipCode,portalMetadataId,plants,timeZone',
      '9101,Ridge Homes,I,Knoxville,TN,37919,2147483648,910,',
      '9102,"Bell\u0007 Homes",I,Knoxville,TN,37919,,910,',
      '9103,Hill Homes,X,Knoxville,TN,37919,,910;999,',
      '9104,"Two',
      'lines",I,Knoxville,TN,37919,,910,',
      '9105,Lake Homes,I,Knoxville,TN,37919,,910,',
      '9105,Lake Homes Again,I,Knoxville,TN,37919,,910,',
      '9106,Creek Homes,I,Knoxville,TN,37919,,910;931;555,',
      '9107,Short,I',
      // Jasper is in Central time inside Chattanooga's Eastern ZIP prefix: its zone is asked for; a made-up one is refused.
      '9108,Jasper Homes,I,Jasper,TN,37347,,910,',
      '9109,Nowhere Homes,I,Jasper,TN,37347,,910,Central',
    ].join('\n');
    const report = await importText('retailers', csv);
    expect(report.refused).toEqual([
      { line: 2, field: 'portalMetadataId', message: 'Must be from 1 to 2147483647.' },
      { line: 3, field: 'name', message: 'Contains characters that are not allowed.' },
      { line: 4, field: 'retailerType', message: 'Must be one of: C, I.' },
      { line: 5, field: 'name', message: 'Must be on one line, without tabs.' },
      { line: 8, field: 'retailerNumber', message: 'Appears twice in this file, first on line 7.' },
      { line: 9, field: 'plants[2]', message: 'plant 555 does not exist.' },
      { line: 10, field: '(row)', message: 'Has 3 cells; the header has 9.' },
      { line: 11, field: 'timeZone', message: TIME_ZONE_MESSAGES.ask },
      { line: 12, field: 'timeZone', message: TIME_ZONE_MESSAGES.unknown },
    ]);
    expect(report).toMatchObject({ rowsRead: 10, rowsRefused: 9, written: false, inserted: 0, updated: 0, unchanged: 0 });
    expect(
      await t.db
        .select()
        .from(schema.retailers)
        .where(sql`${schema.retailers.retailerNumber} like '91%'`),
    ).toEqual([]);

    const users = await importText(
      'users',
      '{"userName":"new.user@valleyview.example","firstName":"New","lastName":"User","roles":["Sales_User","Sales_Boss"],"retailers":["3101","9999"]}\n',
      { format: 'jsonl' },
    );
    expect(users.refused).toEqual([{ line: 1, field: 'roles[1]', message: 'Sales_Boss is not a role of HomeSite.' }]);
    const retailerMissing = await importText(
      'users',
      '{"userName":"new.user@valleyview.example","firstName":"New","lastName":"User","roles":["Sales_User"],"retailers":["3101","9999"]}',
      { format: 'jsonl' },
    );
    expect(retailerMissing.refused).toEqual([{ line: 1, field: 'retailers[1]', message: 'retailer 9999 does not exist.' }]);

    const home = exampleHomes()[0]!;
    const homes = await importText(
      'homes',
      `serialNumber,plantNumber,retailerNumber,modelNumber,modelName,sections,squareFootage,bedrooms,bathrooms,manufacturedDate,warrantyStatus,ownerLastName
NEW000001TNA,910,3101,16TRU76A3,The Breeze,40000,1088,3,2,2026-02-30,,
NEW000002TNA,910,4444,16TRU76A3,The Breeze,1,1088,3,2,2026-02-01,,Jones
NEW000003TNA,910,3101,16TRU76A3,The Breeze,1,1088,3,2,2026-02-01,A,Jones
${home.serialNumber!.toLowerCase()},910,3101,16TRU76A3,The Breeze,1,1088,3,2,2026-02-01,,
${home.serialNumber},910,3101,16TRU76A3,The Breeze,1,1088,3,2,2026-02-01,,`,
    );
    expect(homes.refused).toEqual([
      { line: 2, field: 'sections', message: 'Must be from 1 to 32767.' },
      { line: 2, field: 'manufacturedDate', message: '2026-02-30 is not a real date.' },
      { line: 3, field: 'warrantyStatus', message: 'Required when the row has homeowner or warranty data. (ownerLastName is filled)' },
      { line: 4, field: 'ownerFirstName', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      { line: 4, field: 'soldDate', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      { line: 4, field: 'address1', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      { line: 4, field: 'city', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      { line: 4, field: 'state', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      { line: 4, field: 'zipCode', message: 'Required for an Active (A) or Historical (H) warranty card.' },
      // Serial numbers compare in capitals.
      { line: 6, field: 'serialNumber', message: 'Appears twice in this file, first on line 5.' },
    ]);
    const missingRetailer = await importText(
      'homes',
      `serialNumber,plantNumber,retailerNumber,modelNumber,modelName,sections,squareFootage,bedrooms,bathrooms,manufacturedDate\nNEW000002TNA,910,4444,16TRU76A3,The Breeze,1,1088,3,2,2026-02-01\nNEW000004TNA,910,3101,16TRU76A3,The Breeze,1,1088,3,2,0000-02-01`,
    );
    expect(missingRetailer.refused).toEqual([
      { line: 2, field: 'retailerNumber', message: 'retailer 4444 does not exist.' },
      { line: 3, field: 'manufacturedDate', message: 'Must be a date from 1900 to 2199.' },
    ]);
  });

  it('by default writes nothing when one row is refused; with skipInvalid writes the others and lists the refused one', async () => {
    const rows = ['employeeNumber,firstName,lastName', 'X-1,Ada,Lane', 'X-2,Bo,', 'X-3,Cy,Moss'].join('\r\n');
    const strict = await importText('employees', rows);
    expect(strict).toMatchObject({ written: false, inserted: 0, refused: [{ line: 3, field: 'lastName', message: 'Required.' }] });
    expect(
      await t.db
        .select()
        .from(schema.hbgEmployees)
        .where(sql`${schema.hbgEmployees.employeeNumber} like 'X-%'`),
    ).toEqual([]);

    const lenient = await importText('employees', rows, { skipInvalid: true });
    expect(lenient).toMatchObject({
      written: true,
      inserted: 2,
      unchanged: 0,
      refused: [{ line: 3, field: 'lastName', message: 'Required.' }],
    });
    expect(
      (
        await t.db
          .select()
          .from(schema.hbgEmployees)
          .where(sql`${schema.hbgEmployees.employeeNumber} like 'X-%'`)
      )
        .map((row) => row.employeeNumber)
        .sort(),
    ).toEqual(['X-1', 'X-3']);
  });

  it('a dry run checks and counts everything and writes nothing', async () => {
    const rows = ['employeeNumber,firstName,lastName', 'X-1,Ada,Lane-Moss', 'X-4,Di,Reyes'].join('\n');
    const dry = await importText('employees', rows, { dryRun: true });
    expect(dry).toMatchObject({ written: false, inserted: 1, updated: 1, unchanged: 0, refused: [] });
    expect(await t.db.select().from(schema.hbgEmployees).where(eq(schema.hbgEmployees.employeeNumber, 'X-4'))).toEqual([]);
    expect((await t.db.select().from(schema.hbgEmployees).where(eq(schema.hbgEmployees.employeeNumber, 'X-1')))[0]?.lastName).toBe('Lane');
  });

  it('JSON Lines: a line that is not JSON, not an object, or names an unknown column is refused by its line; blank lines are skipped', async () => {
    const text = [
      '{"employeeNumber":"J-1","firstName":"Jo","lastName":"Ames"}',
      '',
      '{"employeeNumber":"J-2",',
      '[1,2]',
      '{"employeeNumber":"J-3","firstName":"Al","lastName":"Bo","shoeSize":9}',
      '{"employeeNumber":"J-4","firstName":"Al","lastName":null}',
    ].join('\n');
    const report = await importText('employees', text, { format: 'jsonl', skipInvalid: true });
    expect(report.refused).toEqual([
      { line: 3, field: '(row)', message: expect.stringMatching(/^Not valid JSON: /) },
      { line: 4, field: '(row)', message: 'Must be a JSON object.' },
      { line: 5, field: 'shoeSize', message: 'Not a column of employees.' },
      { line: 6, field: 'lastName', message: 'Required.' },
    ]);
    expect(report).toMatchObject({ rowsRead: 5, inserted: 1 });
  });

  it('accepts typed JSON values and CSV text alike: numbers, booleans, lists', async () => {
    const base = { retailerNumber: '9201', name: 'Typed Homes', retailerType: 'I', city: 'Knoxville', state: 'tn', zipCode: '37919' };
    const json = await importText('retailers', JSON.stringify({ ...base, portalMetadataId: 77, webEnabled: false, plants: ['910'] }), {
      format: 'jsonl',
    });
    expect(json.inserted).toBe(1);
    const csv = await importText(
      'retailers',
      `retailerNumber,name,retailerType,city,state,zipCode,portalMetadataId,webEnabled,plants\n9201,Typed Homes,I,Knoxville,TN,37919,77,N,910`,
    );
    expect(counts(csv)).toEqual({ inserted: 0, updated: 0, unchanged: 1, refused: 0 });
    const [retailer] = await t.db.select().from(schema.retailers).where(eq(schema.retailers.retailerNumber, '9201'));
    // No zone given: the one Knoxville's ZIP code tells is stored.
    expect(retailer).toMatchObject({ state: 'TN', portalMetadataId: 77, webEnabled: false, timeZone: 'America/New_York' });
    const wrongType = await importText(
      'retailers',
      JSON.stringify({ ...base, portalMetadataId: 1.5, webEnabled: 'maybe', plants: '910;910' }),
      { format: 'jsonl' },
    );
    expect(wrongType.refused).toEqual([
      { line: 1, field: 'webEnabled', message: 'Must be true or false (or yes/no, Y/N, 1/0).' },
      { line: 1, field: 'portalMetadataId', message: 'Must be a whole number.' },
      { line: 1, field: 'plants[1]', message: '910 is listed twice.' },
    ]);
  });

  it('keeps a quote inside an unquoted CSV cell as written, and reads quoted cells with commas and doubled quotes', async () => {
    const report = await importText(
      'employees',
      'employeeNumber,firstName,lastName,jobTitle\nQ-1,Al,Moss,Hauls 16" and 18" wides\nQ-2,Bea,"Lane, Jr.","Lead ""A"" crew"',
    );
    expect(counts(report)).toEqual({ inserted: 2, updated: 0, unchanged: 0, refused: 0 });
    const rows = await t.db
      .select()
      .from(schema.hbgEmployees)
      .where(sql`${schema.hbgEmployees.employeeNumber} like 'Q-%'`);
    expect(rows.map((row) => [row.employeeNumber, row.lastName, row.jobTitle]).sort()).toEqual([
      ['Q-1', 'Moss', 'Hauls 16" and 18" wides'],
      ['Q-2', 'Lane, Jr.', 'Lead "A" crew'],
    ]);
  });

  it('writes files of more than one batch, with duplicates across batches found', async () => {
    const lines = Array.from({ length: BATCH_ROWS + 500 }, (_, index) => `B-${index},First${index},Last${index}`);
    const first = await importText('employees', ['employeeNumber,firstName,lastName', ...lines].join('\n'));
    expect(counts(first)).toEqual({ inserted: lines.length, updated: 0, unchanged: 0, refused: 0 });
    const again = await importText('employees', ['employeeNumber,firstName,lastName', ...lines, 'B-3,Again,Twice'].join('\n'), {
      skipInvalid: true,
    });
    expect(counts(again)).toEqual({ inserted: 0, updated: 0, unchanged: lines.length, refused: 1 });
    expect(again.refused).toEqual([
      { line: lines.length + 2, field: 'employeeNumber', message: 'Appears twice in this file, first on line 5.' },
    ]);
  });

  it('reports progress while it reads', async () => {
    const seen: { rowsRead: number; rowsWritten: number }[] = [];
    const lines = Array.from({ length: 6_000 }, (_, index) => `P-${index},First,Last`);
    await importText('employees', ['employeeNumber,firstName,lastName', ...lines].join('\n'), {
      onProgress: (progress) => seen.push(progress),
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)).toEqual({ rowsRead: 6_000, rowsWritten: 6_000 });
  });
});

describe('whole files refused (ImportError)', () => {
  it.each([
    ['an unknown kind', () => runImport(t.db, 'orders-from-mars', chunksOf(''), { format: 'csv' }), /Unknown kind "orders-from-mars"/],
    ['an unknown format', () => runImport(t.db, 'employees', chunksOf(''), { format: 'xlsx' as ImportFormat }), /Unknown format/],
    ['an unknown column', () => importText('employees', 'employeeNumber,firstName,lastName,shoeSize\n1,a,b'), /unknown column "shoeSize"/],
    ['a required column missing', () => importText('employees', 'employeeNumber,firstName\n1,a'), /lacks the required column lastName/],
    [
      'a column twice',
      () => importText('employees', 'employeeNumber,firstName,lastName,firstName\n1,a,b,c'),
      /names the column "firstName" twice/,
    ],
    ['an empty file', () => importText('employees', ''), /The file is empty/],
    ['bytes that are not UTF-8', () => importText('employees', new Uint8Array([0x65, 0x6d, 0xff, 0x0a])), /not UTF-8/],
    ['a quote never closed', () => importText('employees', 'employeeNumber,firstName,lastName\n1,"a,b\n'), /not readable as CSV/],
  ])('%s', async (_name, run, message) => {
    await expect(run()).rejects.toThrow(ImportError);
    await expect(run()).rejects.toThrow(message);
  });
});

describe('users', () => {
  it('come with every role of the product in an empty database (migration 0014)', async () => {
    expect((await t.db.select({ name: schema.roles.name }).from(schema.roles)).map((role) => role.name).sort()).toEqual(
      [...ROLE_NAMES].sort(),
    );
  });

  it('cannot sign in before a password is set: the wrong-password answer, no error', async () => {
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.userName, SERVICE_USER));
    expect(user!.passwordLastChanged).toBeNull();
    // No password at all (migration 0019): the sign-in spends a decoy check's time, and an invitation sets one.
    expect(user!.passwordHash).toBeNull();
    expect(await verifyPassword('not an argon2 hash', 'anything')).toBe(false);
    const attempt = await t.call('POST', '/auth/api/Account/Token', { body: { Username: SERVICE_USER, Password: 'anything at all' } });
    expect(attempt.status).toBe(400);
  });

  it('a retailer user signs in once a password is set and sees exactly the imported homes of their retail center', async () => {
    await setPassword(SERVICE_USER);
    const token = await t.login(SERVICE_USER, PASSWORD);
    const list = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token });
    expect(list.status).toBe(200);
    const expected = exampleHomes().filter((home) => home.retailerNumber === '3101' && home.warrantyStatus !== '');
    expect(list.body.map((card) => card.serialNumber).sort()).toEqual(expected.map((home) => home.serialNumber).sort());
    const first = list.body.find((card) => card.serialNumber === expected[0]!.serialNumber)!;
    expect(first).toMatchObject({
      firstName: expected[0]!.ownerFirstName,
      lastName: expected[0]!.ownerLastName,
      retailerName: 'Valley View Homes',
      plantName: 'Clinton West',
    });
  });

  it('a later import never touches the password; a changed role list updates the user', async () => {
    const report = await importExample('users');
    expect(counts(report)).toEqual({ inserted: 0, updated: 0, unchanged: report.rowsRead, refused: 0 });
    await t.login(SERVICE_USER, PASSWORD);

    const text = exampleText('users').replace(
      '"roles": ["Service_User", "Warranty_User"]',
      '"roles": ["Service_User", "Warranty_User", "Nps_Viewer"]',
    );
    const changed = await importText('users', text, { format: 'jsonl' });
    expect(counts(changed)).toEqual({ inserted: 0, updated: 1, unchanged: report.rowsRead - 1, refused: 0 });
    const token = await t.login(SERVICE_USER, PASSWORD);
    const profile = await t.call<{ roles: string[] }>('GET', '/auth/api/Account/User', { token });
    expect(profile.body.roles).toContain('Nps_Viewer');
    await importExample('users');
  });
});

describe('parts catalog', () => {
  it("updates the approved version of a part in place and leaves a plant's pending change alone", async () => {
    const [approved] = await t.db
      .select()
      .from(schema.partsCatalog)
      .where(and(eq(schema.partsCatalog.plantNumber, '910'), eq(schema.partsCatalog.approved, true)))
      .limit(1);
    const { id: _id, syncXid: _xid, ...copy } = approved!;
    const [pending] = await t.db
      .insert(schema.partsCatalog)
      .values({ ...copy, approved: false, friendlyDescription: 'Pending wording' })
      .returning();
    const text = exampleText('parts-catalog');
    expect(counts(await importText('parts-catalog', text))).toMatchObject({ inserted: 0, updated: 0 });

    const partLine = text
      .split('\n')
      .find((line) =>
        line.startsWith(`910,${approved!.categoryNumber},${approved!.commodityNumber},${approved!.partNumber},${approved!.subPartNumber},`),
      )!;
    const reworded = text.replace(partLine, partLine.replace(/^((?:[^,]*,){5})("[^"]*"|[^,]*)/, '$1Reworded by the plant'));
    expect(reworded).not.toBe(text);
    expect(counts(await importText('parts-catalog', reworded))).toMatchObject({ inserted: 0, updated: 1 });
    const versions = await t.db
      .select()
      .from(schema.partsCatalog)
      .where(
        and(
          eq(schema.partsCatalog.plantNumber, '910'),
          eq(schema.partsCatalog.partNumber, approved!.partNumber),
          eq(schema.partsCatalog.subPartNumber, approved!.subPartNumber),
        ),
      );
    expect(versions.map((row) => [row.id, row.approved, row.friendlyDescription]).sort()).toEqual(
      [
        [approved!.id, true, 'Reworded by the plant'],
        [pending!.id, false, 'Pending wording'],
      ].sort(),
    );
    await t.db.delete(schema.partsCatalog).where(eq(schema.partsCatalog.id, pending!.id));
    await importText('parts-catalog', text);
  });

  it('refuses a part that is not in the corporate parts list', async () => {
    const report = await importText(
      'parts-catalog',
      'plantNumber,categoryNumber,commodityNumber,partNumber,subPartNumber\n910,10,110,99999,01\n977,10,110,20011,01',
    );
    expect(report.refused).toEqual([
      {
        line: 2,
        field: 'partNumber',
        message: 'Part 10 110 99999 01 (category, commodity, part, sub-part) is not in the corporate parts list.',
      },
      { line: 3, field: 'plantNumber', message: 'plant 977 does not exist.' },
    ]);
  });
});

describe('delta sync of imported homes (the homeowner list)', () => {
  async function delta(token: string, since: string) {
    const result = await t.call<SyncPage<WarrantyCard>>('GET', '/api/Warranty/Homeowners', { token, query: { since } });
    expect(result.status).toBe(200);
    return result.body;
  }

  it('re-importing carries nothing; a renamed homeowner arrives; a home moved to another retailer is removed from the first', async () => {
    const token = await t.login(SERVICE_USER, PASSWORD);
    const list = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token });
    const start = list.headers.get(SYNC_CURSOR_HEADER)!;
    expect(start).toBeTruthy();

    expect(counts(await importExample('homes'))).toMatchObject({ inserted: 0, updated: 0 });
    const quiet = await delta(token, start);
    expect(quiet).toMatchObject({ items: [], removed: [] });

    const homes = exampleHomes();
    const renamed = homes.find((home) => home.retailerNumber === '3101' && home.warrantyStatus === 'A')!;
    const text = exampleText('homes');
    const renamedText = text.replace(`,${renamed.ownerLastName},`, ',Renamed-Hollis,');
    expect(renamedText).not.toBe(text);
    // Only the one row names that owner (a replace would touch others otherwise).
    expect(text.split(`,${renamed.ownerLastName},`).length).toBe(2);
    expect(counts(await importText('homes', renamedText))).toMatchObject({ inserted: 0, updated: 1 });
    const afterRename = await delta(token, quiet.cursor);
    expect(afterRename.items.map((card) => [card.serialNumber, card.lastName])).toEqual([[renamed.serialNumber, 'Renamed-Hollis']]);
    expect(afterRename.removed).toEqual([]);

    const moved = homes.find(
      (home) => home.retailerNumber === '3101' && home.warrantyStatus !== '' && home.serialNumber !== renamed.serialNumber,
    )!;
    const movedLine = text.split('\n').find((line) => line.startsWith(`${moved.serialNumber},`))!;
    const movedText = renamedText.replace(movedLine, movedLine.replace(',910,3101,', ',910,3140,'));
    expect(counts(await importText('homes', movedText))).toMatchObject({ inserted: 0, updated: 1 });
    const [card] = await t.db
      .select({ id: schema.warrantyCards.id })
      .from(schema.warrantyCards)
      .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId))
      .where(eq(schema.homes.serialNumber, moved.serialNumber!));
    const afterMove = await delta(token, afterRename.cursor);
    expect(afterMove.removed).toEqual([card!.id]);
    expect(afterMove.items).toEqual([]);

    // The company-owned retailer's user now has it.
    await setPassword(COMPANY_USER);
    const companyToken = await t.login(COMPANY_USER, PASSWORD);
    const companyList = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token: companyToken });
    expect(companyList.body.map((row) => row.serialNumber)).toContain(moved.serialNumber);
  });
});

describe('docs/import.md', () => {
  it('has a section for every kind naming every column', () => {
    const docs = readFileSync('docs/import.md', 'utf8');
    for (const [name, kind] of Object.entries(IMPORT_KINDS)) {
      const start = docs.indexOf(`\n## ${name}\n`);
      expect(start, `section "## ${name}"`).toBeGreaterThan(0);
      const end = docs.indexOf('\n## ', start + 1);
      const section = docs.slice(start, end === -1 ? undefined : end);
      // Prettier pads the table's cells, so the column's cell is matched with any padding.
      for (const column of kind.columns.columns) expect(section, `${name}: ${column}`).toMatch(new RegExp(`\\| \`${column}\` +\\|`));
    }
  });
});
