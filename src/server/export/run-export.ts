import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { recordAudit, type AuditOrigin } from '../audit/audit';
import type { Database } from '../db/client';
import { IMPORT_KINDS } from '../import/kinds';
import type { ExportCell, ExportFiles, ExportKind } from './kind';
import { EXPORT_KINDS } from './kinds';

/*
 * The way back out of the importer (docs/cli.md `homesite export`): one kind's rows in the import's own columns and
 * cell formats, so that the file imports again unchanged. Rows are read a page at a time by keyset (the rows after the
 * previous page's last key, in key order), inside one read-only REPEATABLE READ transaction, so the file is one
 * consistent snapshot however long it takes; each page is written before the next is read, waiting for the output to
 * drain, so memory stays bounded by a page whatever the row count. PGlite and node-postgres alike.
 */

export type ExportFormat = 'csv' | 'jsonl';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'jsonl'];

/** Rows per page: large enough that a page's statement costs little per row, small enough to keep memory flat. */
export const PAGE_ROWS = 5_000;

/** A whole export refused (unknown kind or format, --since for a kind that keeps no change time): its message is for the operator. */
export class ExportError extends Error {
  override name = 'ExportError';
}

export interface ExportOptions {
  format: ExportFormat;
  /** Only rows changed at or after this instant (kinds with `changedAt`). */
  since?: Date;
  /**
   * Where files the rows name are written (documents): `dir` the folder, `path` how rows name it relative to the
   * output file (`help-documents-files`). Without it, a kind with files is refused.
   */
  files?: { dir: string; path: string };
  /** Called after every page with the rows written so far. */
  onProgress?: (rows: number) => void;
  /** Who runs it: an export that completes records an `export.run` audit event. Absent only for tests and benchmarks. */
  origin?: AuditOrigin;
}

export interface ExportReport {
  kind: string;
  format: ExportFormat;
  rows: number;
  /** Files written beside the output. */
  files: number;
}

export const exportKindNamed = (kindName: string): ExportKind => {
  const kind = Object.hasOwn(EXPORT_KINDS, kindName) ? EXPORT_KINDS[kindName] : undefined;
  if (!kind) throw new ExportError(`Unknown kind "${kindName}". The kinds are: ${Object.keys(EXPORT_KINDS).join(', ')}.`);
  return kind;
};

/** The kinds --since works for, with what "changed" means for each. */
export const sinceKinds = () =>
  Object.entries(EXPORT_KINDS).flatMap(([name, kind]) => (kind.changedAt ? [{ name, meaning: kind.changedAt.meaning }] : []));

/** The reason a kind cannot be exported with these options, or undefined: checked before anything is opened. */
export function refusal(kindName: string, options: { since?: unknown; toFile: boolean }): string | undefined {
  const kind = exportKindNamed(kindName);
  if (options.since !== undefined && !kind.changedAt) {
    return `--since: ${kindName} keeps no time that every change of its rows moves, so it cannot tell which rows changed; export it whole. --since works for ${sinceKinds()
      .map((entry) => entry.name)
      .join(', ')}.`;
  }
  if (kind.hasFiles && !options.toFile)
    return `${kindName} rows name files, which are written beside the output file: give --out FILE (the files go to a folder beside it).`;
  return undefined;
}

const csvQuoted = (text: string) => (/[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text);

/** A cell as CSV text: '' for an empty cell (which the import reads as absent). */
function csvCell(cell: ExportCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return csvQuoted(cell.kind === 'list' ? cell.items.join(cell.separator) : JSON.stringify(cell.value));
  return csvQuoted(String(cell));
}

/** A cell as a JSON Lines value, or undefined for an empty one (the key is left out). */
function jsonValue(cell: ExportCell): unknown {
  if (cell === null || cell === undefined || cell === '') return undefined;
  if (typeof cell === 'object') return cell.kind === 'list' ? (cell.items.length > 0 ? cell.items : undefined) : cell.value;
  return cell;
}

/** The row's cells in the import's column order; a column the kind's export does not give is a bug, never an empty cell. */
function orderedCells(kindName: string, columns: readonly string[], cells: Record<string, ExportCell>): ExportCell[] {
  return columns.map((column) => {
    if (!Object.hasOwn(cells, column))
      throw new Error(`The export of ${kindName} gives no value for its import column ${column} (src/server/export/kinds/).`);
    return cells[column];
  });
}

export const csvHeader = (columns: readonly string[]) => `${columns.join(',')}\n`;
export const csvLine = (cells: readonly ExportCell[]) => `${cells.map(csvCell).join(',')}\n`;
export function jsonLine(columns: readonly string[], cells: readonly ExportCell[]): string {
  const object: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const value = jsonValue(cells[index]);
    if (value !== undefined) object[column] = value;
  });
  return `${JSON.stringify(object)}\n`;
}

/** A file name of letters, digits, dots, dashes and underscores (no folder, no leading dot), from what the row calls it. */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  const clean = (text: string, max: number) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, max);
  const cleanExtension = clean(extension, 10);
  return `${clean(stem, 100) || 'file'}${cleanExtension ? `.${cleanExtension}` : ''}`;
}

interface PendingFile {
  name: string;
  read: (db: Database) => Promise<Uint8Array>;
}

/** The export's files: names unique within it (case-insensitively, for the file systems that are), written before their rows. */
function fileFolder(folder: { dir: string; path: string }) {
  const taken = new Set<string>();
  let pending: PendingFile[] = [];
  let made = false;
  let written = 0;
  const files: ExportFiles = {
    add(name, read) {
      const safe = safeFileName(name);
      const dot = safe.lastIndexOf('.');
      const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
      let unique = safe;
      for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${stem}-${n}${extension}`;
      taken.add(unique.toLowerCase());
      pending.push({ name: unique, read });
      return `${folder.path}/${unique}`;
    },
  };
  return {
    files,
    async flush(db: Database) {
      if (pending.length > 0 && !made) {
        await mkdir(folder.dir, { recursive: true });
        made = true;
      }
      for (const file of pending) {
        await writeFile(join(folder.dir, file.name), await file.read(db));
        written += 1;
      }
      pending = [];
    },
    written: () => written,
  };
}

async function writeDrained(output: Writable, text: string) {
  if (text !== '' && !output.write(text)) await once(output, 'drain');
}

/**
 * Writes one kind's rows to `output` in `options.format` (CSV with a header line, or JSON Lines), and the files they
 * name to `options.files`. Does not end `output`. Answers how many rows and files were written.
 */
export async function runExport(db: Database, kindName: string, output: Writable, options: ExportOptions): Promise<ExportReport> {
  const kind = exportKindNamed(kindName);
  const importKind = IMPORT_KINDS[kindName];
  if (!importKind) throw new ExportError(`${kindName} is not a kind the import takes.`);
  if (!EXPORT_FORMATS.includes(options.format)) throw new ExportError(`Unknown format "${String(options.format)}": csv or jsonl.`);
  const why = refusal(kindName, { since: options.since, toFile: options.files !== undefined });
  if (why) throw new ExportError(why);

  const { columns } = importKind.columns;
  const folder = options.files ? fileFolder(options.files) : undefined;
  const context = { files: folder?.files };
  const pageRows = kind.pageRows ?? PAGE_ROWS;
  const conditions = [
    kind.where ? sql.raw(`(${kind.where})`) : undefined,
    options.since && kind.changedAt ? sql`${sql.raw(kind.changedAt.expression)} >= ${options.since.toISOString()}::timestamptz` : undefined,
  ].filter((condition) => condition !== undefined);
  const report: ExportReport = { kind: kindName, format: options.format, rows: 0, files: 0 };

  await db.transaction(
    async (tx) => {
      if (options.format === 'csv') await writeDrained(output, csvHeader(columns));
      let after: unknown;
      for (;;) {
        const where = [...conditions, ...(after === undefined ? [] : [sql`${sql.raw(kind.key)} > ${after}`])];
        // Each row comes as one JSON text: one field to decode, where tens of columns cost PGlite far more to hand over.
        const page = (await tx.execute(
          sql`SELECT row_to_json(page)::text AS "row" FROM (
            SELECT ${sql.raw(kind.select)}, ${sql.raw(kind.key)} AS "export_key" FROM ${sql.raw(kind.from)}
            ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
            ORDER BY ${sql.raw(kind.key)} LIMIT ${pageRows}
          ) AS page ORDER BY page."export_key"`,
        )) as unknown as { rows: { row: string }[] };
        const rows = page.rows.map((entry) => JSON.parse(entry.row) as Record<string, unknown>);
        let text = '';
        for (const row of rows) {
          const cells = orderedCells(kindName, columns, kind.cells(row, context));
          text += options.format === 'csv' ? csvLine(cells) : jsonLine(columns, cells);
        }
        // A row's files are on disk before the row that names them.
        await folder?.flush(tx);
        await writeDrained(output, text);
        report.rows += rows.length;
        options.onProgress?.(report.rows);
        if (rows.length < pageRows) break;
        after = rows.at(-1)!.export_key;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  report.files = folder?.written() ?? 0;
  if (options.origin) {
    await recordAudit(db, {
      ...options.origin,
      action: 'export.run',
      details: {
        kind: kindName,
        format: options.format,
        rows: report.rows,
        files: report.files,
        ...(options.since ? { since: options.since.toISOString() } : {}),
      },
    });
  }
  return report;
}
