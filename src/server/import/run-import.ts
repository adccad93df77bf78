import * as v from 'valibot';
import { fieldOfIssue } from '../../contract/import';
import { recordAudit, type AuditOrigin } from '../audit/audit';
import type { Database } from '../db/client';
import { DEFAULT_NUMBER_STARTS, type NumberStarts } from '../numbers/number-starts';
import { ImportError } from './errors';
import { knownFingerprints, rememberFingerprints, startFingerprint } from './fingerprints';
import type { ImportKind, RowIssue } from './kind';
import { IMPORT_KINDS } from './kinds';
import { readCsvRows, readJsonLines, WHOLE_ROW } from './read-rows';

export { ImportError } from './errors';

/*
 * The data importer (docs/import.md): one kind of data from a CSV or JSON Lines file, through the contract's row
 * schema, written by natural key in one transaction. The file is read as a stream: rows are checked one by one and
 * written in batches as they come, and the transaction is rolled back at the end when the import must write nothing
 * (a dry run, or a refused row without skipInvalid). So a dry run does every write and counts what it would change.
 */

export type ImportFormat = 'csv' | 'jsonl';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['csv', 'jsonl'];

export interface ImportOptions {
  format: ImportFormat;
  /** Check everything and count what would change; write nothing. */
  dryRun?: boolean;
  /** Write the valid rows and list the refused ones; by default nothing is written when any row is refused. */
  skipInvalid?: boolean;
  /** Called every PROGRESS_EVERY rows read, and once at the end. */
  onProgress?: (progress: { rowsRead: number; rowsWritten: number }) => void;
  /** For kinds whose rows name a file (help/learn PDFs): reads it; absent over HTTP, where such rows are refused. */
  readFile?: (relativePath: string) => Promise<Uint8Array>;
  /**
   * Write every row, also those the file carries unchanged since their last import (fingerprints.ts): puts back what
   * was changed or deleted in the app since. By default such rows are left alone.
   */
  overwrite?: boolean;
  /**
   * Who runs it (the command line, an API key): an import that commits records an `import.run` audit event with its
   * counts, in its own transaction. Absent only for fixtures that stand for no one (tests, benchmarks).
   */
  origin?: AuditOrigin;
  /**
   * Runs in the import's transaction after its last write, only when the import is to be committed (not a dry run,
   * not kept out by a refused row), so that what must commit with it — the invitations of `import users --invite` —
   * commits or rolls back with it. `report` has the final counts (`written` turns true at
   * the commit). `acceptedKeys`: the natural keys of the rows accepted (written or unchanged), when `collectAcceptedKeys`
   * asks for them; empty otherwise (a large import does not keep them for nothing).
   */
  onWritten?: (tx: Database, report: ImportReport, acceptedKeys: readonly string[]) => Promise<void>;
  collectAcceptedKeys?: boolean;
  /** WORK_ORDER_NUMBER_START, QUOTE_NUMBER_START (numbers/number-starts.ts); default DEFAULT_NUMBER_STARTS. */
  numberStarts?: NumberStarts;
  /**
   * Aborted when the import must stop (the server gave up on it at the end of its shutdown grace period): checked at
   * every row and before the commit; the transaction rolls back and the signal's reason is thrown.
   */
  signal?: AbortSignal;
}

/** A refused row: its line in the file (CSV: the header is line 1), the field (`retailerNumber`, `roles[1]`) and why. */
export interface RefusedRow {
  line: number;
  field: string;
  message: string;
}

export interface ImportReport {
  kind: string;
  /** Rows read (blank lines and the CSV header not counted). */
  rowsRead: number;
  /** What was written, or in a dry run what would be; all 0 when nothing is written because rows were refused. */
  inserted: number;
  updated: number;
  unchanged: number;
  /** The first MAX_REFUSALS_LISTED refusals; a row can have several (one per field). */
  refused: RefusedRow[];
  /** Every refusal, listed or not. */
  refusedCount: number;
  /** Rows refused (a row with several refusals counts once). */
  rowsRefused: number;
  /** Whether the import's changes were committed (false in a dry run, and when refused rows kept everything out). */
  written: boolean;
}

/** Rows per write: one statement per table per batch. */
export const BATCH_ROWS = 2_000;
export const PROGRESS_EVERY = 5_000;
export const MAX_REFUSALS_LISTED = 1_000;

/** Thrown inside the transaction to roll it back: a dry run, or refused rows without skipInvalid. */
class RollBack extends Error {}

const kindNamed = (kindName: string): ImportKind<unknown> => {
  const kind = Object.hasOwn(IMPORT_KINDS, kindName) ? IMPORT_KINDS[kindName] : undefined;
  if (!kind)
    throw new ImportError(
      `Unknown kind "${kindName}". The kinds are, in the order to import them: ${Object.keys(IMPORT_KINDS).join(', ')}.`,
    );
  return kind;
};

export async function runImport(
  db: Database,
  kindName: string,
  input: AsyncIterable<string | Uint8Array>,
  options: ImportOptions,
): Promise<ImportReport> {
  const kind = kindNamed(kindName);
  const numberStarts = options.numberStarts ?? DEFAULT_NUMBER_STARTS;
  if (!IMPORT_FORMATS.includes(options.format)) throw new ImportError(`Unknown format "${String(options.format)}": csv or jsonl.`);
  const rows = options.format === 'csv' ? readCsvRows(input, kind.columns, kindName) : readJsonLines(input, kind.columns, kindName);

  const report: ImportReport = {
    kind: kindName,
    rowsRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    refused: [],
    refusedCount: 0,
    rowsRefused: 0,
    written: false,
  };
  const refuse = (line: number, issues: readonly RowIssue[]) => {
    report.rowsRefused += 1;
    for (const issue of issues) {
      report.refusedCount += 1;
      if (report.refused.length < MAX_REFUSALS_LISTED) report.refused.push({ line, field: issue.field, message: issue.message });
    }
  };
  // Writing is pointless once a row is refused and the import will be rolled back anyway; checking goes on.
  const writing = () => options.skipInvalid === true || report.rowsRefused === 0;
  const progress = () =>
    options.onProgress?.({ rowsRead: report.rowsRead, rowsWritten: report.inserted + report.updated + report.unchanged });

  try {
    await db.transaction(async (tx) => {
      const refs = kind.loadReferences ? await kind.loadReferences(tx, { numberStarts }) : undefined;
      const firstLineOfKey = new Map<string, number>();
      const acceptedKeys: string[] = [];
      let batch: { row: unknown; key: string; fingerprint: string }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        if (writing()) {
          const known = options.overwrite
            ? new Map<string, string>()
            : await knownFingerprints(
                tx,
                kindName,
                batch.map((entry) => entry.key),
              );
          const changed = batch.filter((entry) => known.get(entry.key) !== entry.fingerprint);
          const counts =
            changed.length > 0
              ? await kind.write(
                  tx,
                  changed.map((entry) => entry.row),
                  { refs, readFile: options.readFile, numberStarts },
                )
              : { inserted: 0, updated: 0 };
          await rememberFingerprints(tx, kindName, changed);
          report.inserted += counts.inserted;
          report.updated += counts.updated;
          report.unchanged += batch.length - counts.inserted - counts.updated;
        }
        batch = [];
        // Between batches the process gets a turn: on the embedded database every statement runs on this thread, so
        // without it the server would answer nothing else (nor notice a shutdown) until the import ends.
        await new Promise((resolve) => setImmediate(resolve));
      };

      for await (const source of rows) {
        options.signal?.throwIfAborted();
        report.rowsRead += 1;
        if (report.rowsRead % PROGRESS_EVERY === 0) progress();
        if ('unreadable' in source) {
          refuse(source.line, [source.unreadable]);
          continue;
        }
        const parsed = v.safeParse(kind.schema, source.values);
        if (!parsed.success) {
          refuse(
            source.line,
            parsed.issues.map((issue) => ({ field: fieldOfIssue(issue) || WHOLE_ROW, message: issue.message })),
          );
          continue;
        }
        const row = parsed.output;
        const key = kind.keyOf(row);
        const firstLine = firstLineOfKey.get(key);
        if (firstLine !== undefined) {
          refuse(source.line, [{ field: kind.keyField, message: `Appears twice in this file, first on line ${firstLine}.` }]);
          continue;
        }
        firstLineOfKey.set(key, source.line);
        // What the check reads (a help PDF) counts in the row's fingerprint: a new file under the same name is a change.
        const fingerprint = startFingerprint(row);
        const { readFile } = options;
        const readFileOfRow =
          readFile &&
          (async (path: string) => {
            const bytes = await readFile(path);
            fingerprint.update(path).update(bytes);
            return bytes;
          });
        const issues = kind.check ? await kind.check(row, { refs, line: source.line, readFile: readFileOfRow, numberStarts }) : [];
        if (issues.length > 0) {
          refuse(source.line, issues);
          continue;
        }
        batch.push({ row, key, fingerprint: fingerprint.digest('base64url') });
        if (options.collectAcceptedKeys) acceptedKeys.push(key);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      options.signal?.throwIfAborted();
      if (options.dryRun || !writing()) throw new RollBack();
      const { rowsRead, inserted, updated, unchanged, rowsRefused } = report;
      if (options.origin)
        await recordAudit(tx, {
          ...options.origin,
          action: 'import.run',
          // dryRun is always false here (a dry run never commits); the trail's readers get it stated.
          details: { kind: kindName, rowsRead, inserted, updated, unchanged, rowsRefused, dryRun: false },
        });
      await options.onWritten?.(tx, report, acceptedKeys);
    });
    report.written = true;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (!report.written && !writing()) Object.assign(report, { inserted: 0, updated: 0, unchanged: 0 });
  progress();
  return report;
}
