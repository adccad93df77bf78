import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesFolderOf } from '../../src/server/cli/commands/export';
import { filesBeside } from '../../src/server/cli/commands/import';
import { openDatabase, type Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { EXPORT_KINDS } from '../../src/server/export/kinds';
import { ExportError, PAGE_ROWS, runExport, safeFileName, type ExportFormat } from '../../src/server/export/run-export';
import { IMPORT_KINDS } from '../../src/server/import/kinds';
import { runImport, type ImportReport } from '../../src/server/import/run-import';
import { runHomesite } from '../cli-runner';
import { createTestContext, type TestContext } from './harness';

/*
 * `homesite export` (issue 30 §3): every import kind exports in its import's columns, and the export imports again
 * unchanged. The example organisation is imported into one empty database (A); each kind, in the import's order, is
 * exported from A and imported into a second empty database (B), which so gets its prerequisites from exports too;
 * B's export must be byte for byte A's, and the files the rows name the same.
 */

const EXAMPLES = 'examples/import';
const SLOW = 180_000;
const KINDS = Object.keys(IMPORT_KINDS);
/** The kinds that keep when a row changed, in the import's order. */
const SINCE_KINDS = ['parts-orders', 'help-documents', 'learn-documents'];

let a: TestContext;
let b: TestContext;
const scratch = mkdtempSync(join(tmpdir(), 'homesite-export-'));
mkdirSync(join(scratch, 'a'));
mkdirSync(join(scratch, 'b'));
mkdirSync(join(scratch, 'since'));

function exampleOf(kind: string) {
  const file = readdirSync(EXAMPLES).find((name) => name.startsWith(`${kind}.`));
  if (!file) throw new Error(`no example file for ${kind}`);
  return { path: join(EXAMPLES, file), format: (file.endsWith('.csv') ? 'csv' : 'jsonl') as ExportFormat };
}

function importFile(db: Database, kind: string, path: string, format: ExportFormat, overwrite = false): Promise<ImportReport> {
  return runImport(db, kind, createReadStream(path), { format, readFile: filesBeside(path), overwrite });
}

/** Exports `kind` to `path` (its files into the folder beside it) and answers the file's text. */
async function exportFile(db: Database, kind: string, path: string, format: ExportFormat) {
  const output = createWriteStream(path);
  const report = await runExport(db, kind, output, { format, files: filesFolderOf(path) });
  output.end();
  await once(output, 'close');
  return { text: readFileSync(path, 'utf8'), report };
}

/** The files beside an export, by name, with their bytes. */
function filesBesideExport(path: string): Record<string, string> {
  const { dir } = filesFolderOf(path);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

const outcome = (report: ImportReport) => ({
  refused: report.refused,
  inserted: report.inserted,
  updated: report.updated,
  unchanged: report.unchanged,
});

beforeAll(async () => {
  [a, b] = await Promise.all([createTestContext({ seed: false }), createTestContext({ seed: false })]);
  for (const kind of KINDS) {
    const { path, format } = exampleOf(kind);
    const report = await importFile(a.db, kind, path, format);
    expect(report.refused, kind).toEqual([]);
  }
}, SLOW);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

describe('export of every import kind', () => {
  it('exists for every kind the import takes, in the same order', () => {
    expect(Object.keys(EXPORT_KINDS)).toEqual(KINDS);
  });

  it(
    'imports into an empty database unchanged: the second export is the first byte for byte, and importing it again changes nothing',
    async () => {
      for (const kind of KINDS) {
        const first = join(scratch, 'a', `${kind}.csv`);
        const second = join(scratch, 'b', `${kind}.csv`);
        const exported = await exportFile(a.db, kind, first, 'csv');
        const exampleRows = (
          await runImport(a.db, kind, createReadStream(exampleOf(kind).path), {
            format: exampleOf(kind).format,
            dryRun: true,
            readFile: filesBeside(exampleOf(kind).path),
          })
        ).rowsRead;
        expect(exported.report.rows, kind).toBe(exampleRows);
        expect(exported.text.split('\n')[0], kind).toBe(IMPORT_KINDS[kind]!.columns.columns.join(','));

        const intoB = await importFile(b.db, kind, first, 'csv');
        expect(outcome(intoB), kind).toEqual({ refused: [], inserted: exampleRows, updated: 0, unchanged: 0 });

        const again = await exportFile(b.db, kind, second, 'csv');
        expect(again.text, kind).toBe(exported.text);
        expect(filesBesideExport(second), kind).toEqual(filesBesideExport(first));
        expect(again.report.files, kind).toBe(Object.keys(filesBesideExport(first)).length);

        // By fingerprint (the same file as last time), and by value: every stored column is what the export says.
        expect(outcome(await importFile(b.db, kind, second, 'csv')), kind).toEqual({
          refused: [],
          inserted: 0,
          updated: 0,
          unchanged: exampleRows,
        });
        expect(outcome(await importFile(a.db, kind, first, 'csv', true)), kind).toEqual({
          refused: [],
          inserted: 0,
          updated: 0,
          unchanged: exampleRows,
        });
      }
      expect(readdirSync(filesFolderOf(join(scratch, 'a', 'help-documents.csv')).dir)).toContain('Getting-Started-with-HomeSite.pdf');
    },
    SLOW,
  );

  it(
    'exports JSON Lines that import unchanged, the same from both databases',
    async () => {
      for (const kind of KINDS) {
        const fromA = join(scratch, 'a', `${kind}.jsonl`);
        const fromB = join(scratch, 'b', `${kind}.jsonl`);
        const exported = await exportFile(a.db, kind, fromA, 'jsonl');
        expect((await exportFile(b.db, kind, fromB, 'jsonl')).text, kind).toBe(exported.text);
        const lines = exported.text.split('\n').filter(Boolean);
        expect(lines.length, kind).toBe(exported.report.rows);
        for (const line of lines)
          expect(
            Object.keys(JSON.parse(line) as object).every((key) => IMPORT_KINDS[kind]!.columns.columns.includes(key)),
            kind,
          ).toBe(true);
        expect(outcome(await importFile(a.db, kind, fromA, 'jsonl', true)), kind).toEqual({
          refused: [],
          inserted: 0,
          updated: 0,
          unchanged: exported.report.rows,
        });
      }
    },
    SLOW,
  );
});

/** An export into memory: its text and report. */
async function exportText(
  db: Database,
  kind: string,
  options: { format?: ExportFormat; since?: Date; files?: { dir: string; path: string } } = {},
) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const report = await runExport(db, kind, output, { format: options.format ?? 'csv', since: options.since, files: options.files });
  return { text: Buffer.concat(chunks).toString('utf8'), report };
}

describe('--since', () => {
  it(
    'keeps the rows changed at or after the time (documents with their files, a parts order by its receipt), and refuses the other kinds',
    async () => {
      await a.db.execute(sql`UPDATE help_documents SET updated_at = '2026-01-01T00:00:00Z'`);
      await a.db.execute(
        sql`UPDATE help_documents SET updated_at = '2026-03-01T12:00:00Z' WHERE display_name = 'Submitting a Service Request'`,
      );
      const files = filesFolderOf(join(scratch, 'since', 'help.csv'));
      const changed = await exportText(a.db, 'help-documents', { since: new Date('2026-03-01T12:00:00Z'), files });
      expect(changed.report).toEqual({ kind: 'help-documents', format: 'csv', rows: 1, files: 1 });
      expect(changed.text).toBe(
        'displayName,category,file,captions,position\nSubmitting a Service Request,Service,help-files/Submitting-a-Service-Request.pdf,,2\n',
      );
      expect(readdirSync(files.dir)).toEqual(['Submitting-a-Service-Request.pdf']);
      expect(readFileSync(join(files.dir, 'Submitting-a-Service-Request.pdf'))).toEqual(
        readFileSync(join(EXAMPLES, 'help/submitting-a-service-request.pdf')),
      );
      const later = await exportText(a.db, 'help-documents', { since: new Date('2026-03-01T12:00:00.001Z'), files });
      expect(later.text).toBe('displayName,category,file,captions,position\n');
      expect((await exportText(a.db, 'help-documents', { since: new Date('2025-12-31T23:59:59Z'), files })).report.rows).toBe(4);

      // A parts order counts as changed when one of its items is (a receipt): the item's write moves the order's updated_at.
      const beforeReceipt = new Date();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const [order] = (
        (await a.db.execute(sql`SELECT o.parts_log_number FROM parts_orders AS o ORDER BY o.id DESC LIMIT 1`)) as unknown as {
          rows: { parts_log_number: string }[];
        }
      ).rows;
      await a.db.execute(
        sql`UPDATE parts_order_items SET received_date = DATE '2026-11-02' WHERE id = (SELECT min(item.id) FROM parts_order_items AS item
          JOIN parts_orders AS o ON o.id = item.parts_order_id WHERE o.parts_log_number = ${order!.parts_log_number})`,
      );
      const received = await exportText(a.db, 'parts-orders', { format: 'jsonl', since: beforeReceipt });
      expect(
        received.text
          .split('\n')
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as { partsLogNumber: string }).partsLogNumber),
      ).toEqual([order!.parts_log_number]);
      expect(received.text).toContain('"receivedDate":"2026-11-02"');
      expect((await exportText(a.db, 'parts-orders', { since: new Date('2000-01-01T00:00:00Z') })).report.rows).toBe(
        (await exportText(a.db, 'parts-orders')).report.rows,
      );

      for (const kind of KINDS.filter((name) => !SINCE_KINDS.includes(name))) {
        await expect(exportText(a.db, kind, { since: new Date('2026-01-01T00:00:00Z') }), kind).rejects.toThrow(
          new ExportError(
            `--since: ${kind} keeps no time that every change of its rows moves, so it cannot tell which rows changed; export it whole. --since works for ${SINCE_KINDS.join(', ')}.`,
          ),
        );
      }
    },
    SLOW,
  );
});

describe('refusals and paging', () => {
  it('refuses an unknown kind or format, and a documents kind without a folder for its files', async () => {
    await expect(exportText(a.db, 'widgets')).rejects.toThrow(ExportError);
    await expect(exportText(a.db, 'widgets')).rejects.toThrow('Unknown kind "widgets". The kinds are: plants, retailers,');
    await expect(exportText(a.db, 'plants', { format: 'xml' as ExportFormat })).rejects.toThrow('Unknown format "xml": csv or jsonl.');
    await expect(exportText(a.db, 'learn-documents')).rejects.toThrow('learn-documents rows name files');
  });

  it('names the files of an export uniquely, in letters, digits, dots and dashes', () => {
    expect(safeFileName('../Évora guide?.PDF')).toBe('Evora-guide.PDF');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('???')).toBe('file');
  });

  it(
    'pages by key across page boundaries: every row once, in key order',
    async () => {
      const count = 2 * PAGE_ROWS + 7;
      await b.db.execute(sql`INSERT INTO hbg_employees (employee_number, first_name, last_name)
        SELECT 'P' || lpad(n::text, 6, '0'), 'First ' || n, 'Last ' || n FROM generate_series(1, ${count}) AS n`);
      const { text, report } = await exportText(b.db, 'employees', { format: 'jsonl' });
      const numbers = text
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { employeeNumber: string }).employeeNumber);
      const stored = await b.db.select({ employeeNumber: schema.hbgEmployees.employeeNumber }).from(schema.hbgEmployees);
      expect(report.rows).toBe(stored.length);
      expect(stored.length).toBeGreaterThan(count);
      expect(numbers).toEqual(stored.map((row) => row.employeeNumber).sort());
      expect(new Set(numbers).size).toBe(numbers.length);
    },
    SLOW,
  );
});

describe('npx homesite export', () => {
  it(
    'writes to stdout or a file, refuses wrong usage with exit 2, records the export in the audit trail, and its documents folder imports again',
    async () => {
      const env = { DATA_DIR: join(scratch, 'cli-data') };
      expect((await runHomesite(['import', 'plants', join(EXAMPLES, 'plants.csv')], env)).code).toBe(0);
      expect((await runHomesite(['import', 'help-documents', join(EXAMPLES, 'help-documents.csv')], env)).code).toBe(0);

      const plants = await runHomesite(['export', 'plants'], env);
      expect(plants.code).toBe(0);
      expect(plants.stdout).toBe((await exportText(a.db, 'plants')).text);
      expect(plants.stderr).toBe('plants: 2 rows written.\n');
      const jsonl = await runHomesite(['export', 'plants', '--format', 'jsonl'], env);
      expect(jsonl.stdout).toBe((await exportText(a.db, 'plants', { format: 'jsonl' })).text);

      for (const [argv, message] of [
        [['export', 'widgets'], 'Unknown kind "widgets". The kinds are: plants, retailers,'],
        [['export', 'plants', '--format', 'xml'], '--format: csv or jsonl, not "xml".'],
        [['export', 'homes', '--since', '2026-11-01'], '--since: homes keeps no time that every change of its rows moves'],
        [['export', 'help-documents', '--since', 'yesterday'], '--since: a date (2026-11-01, midnight UTC)'],
        [['export', 'help-documents'], 'help-documents rows name files, which are written beside the output file: give --out FILE'],
        [['export'], 'Missing <kind>.'],
      ] as const) {
        const refused = await runHomesite([...argv], env);
        expect({ argv, code: refused.code, stdout: refused.stdout }).toEqual({ argv, code: 2, stdout: '' });
        expect(refused.stderr).toContain(message);
      }

      const out = join(scratch, 'cli-out', 'help.csv');
      mkdirSync(dirname(out));
      const help = await runHomesite(['export', 'help-documents', '--out', out], env);
      expect(help).toEqual({
        code: 0,
        stdout: `help-documents: 4 rows written to ${out} and 5 files to ${join(scratch, 'cli-out', 'help-files')}.\n`,
        stderr: '',
      });
      expect(readdirSync(dirname(out)).sort()).toEqual(['help-files', 'help.csv']);
      expect(readFileSync(out, 'utf8')).toBe(
        readFileSync(join(scratch, 'a', 'help-documents.csv'), 'utf8').replaceAll('help-documents-files/', 'help-files/'),
      );

      const events = await withDataDir(env.DATA_DIR, (db) =>
        db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'export.run')).orderBy(schema.auditEvents.id),
      );
      expect(events.map((event) => [event.actorKind, event.details])).toEqual([
        ['cli', { kind: 'plants', format: 'csv', rows: 2, files: 0 }],
        ['cli', { kind: 'plants', format: 'jsonl', rows: 2, files: 0 }],
        ['cli', { kind: 'help-documents', format: 'csv', rows: 4, files: 5 }],
      ]);

      const elsewhere = { DATA_DIR: join(scratch, 'cli-data-2') };
      const imported = await runHomesite(['import', 'help-documents', out], elsewhere);
      expect(imported).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Written: 4 inserted, 0 updated, 0 unchanged.') as string,
      });
      const again = await runHomesite(['export', 'help-documents', '--out', join(scratch, 'cli-out', 'again.csv')], elsewhere);
      expect(again.code).toBe(0);
      expect(readFileSync(join(scratch, 'cli-out', 'again.csv'), 'utf8')).toBe(
        readFileSync(out, 'utf8').replaceAll('help-files/', 'again-files/'),
      );
    },
    SLOW,
  );
});

async function withDataDir<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
