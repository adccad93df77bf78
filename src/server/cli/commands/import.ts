import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { cliOrigin } from '../../audit/audit';
import { ImportError } from '../../import/errors';
import { IMPORT_KINDS } from '../../import/kinds';
import { IMPORT_FORMATS, runImport, type ImportFormat, type ImportReport } from '../../import/run-import';
import { numberStartsFromEnv } from '../../numbers/number-starts';
import { flagOption, stringOption, type Command } from '../command';
import { withDatabase } from '../database';
import {
  deliverLinks,
  invitationSetup,
  invitedSummary,
  issueLinks,
  mailKeyFor,
  usersWithoutPassword,
  type IssuedLinks,
} from '../invitations';
import { CliError, UsageError, writeLine } from '../io';

/** At most one progress line this often when stderr is not a terminal (a log file, CI). */
const PROGRESS_LINE_INTERVAL_MS = 10_000;

function formatOf(file: string, given: string | undefined): ImportFormat {
  if (given !== undefined) {
    if (!(IMPORT_FORMATS as readonly string[]).includes(given)) throw new UsageError(`--format: csv or jsonl, not "${given}".`);
    return given as ImportFormat;
  }
  const lower = file.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  throw new UsageError(`Which format is ${file}? Name it .csv, .jsonl or .ndjson, or say --format csv|jsonl.`);
}

/**
 * Reads the files a row names (help and Learn documents), relative to the imported file's directory; a path that
 * leads out of it (`../`, an absolute path, a symbolic link pointing elsewhere) is refused.
 */
export function filesBeside(importedFile: string): (relativePath: string) => Promise<Uint8Array> {
  const base = realpathSync(dirname(resolve(importedFile)));
  return async (relativePath) => {
    if (isAbsolute(relativePath)) throw new ImportError(`"${relativePath}" must be a path relative to the imported file's directory.`);
    const target = resolve(base, relativePath);
    let real: string;
    try {
      real = realpathSync(target);
    } catch {
      throw new ImportError(`There is no file "${relativePath}" beside the imported file.`);
    }
    const inside = relative(base, real);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw new ImportError(`"${relativePath}" leads out of the imported file's directory.`);
    }
    return new Uint8Array(await readFile(real));
  };
}

/** Progress on stderr: one line rewritten in place on a terminal, else a line now and then. */
function progressReporter(stderr: Writable & { isTTY?: boolean }) {
  const terminal = stderr.isTTY === true;
  // A small file is done before the first line is due: only a long import reports.
  let lastLine = Date.now();
  let shown = false;
  return {
    update: ({ rowsRead, rowsWritten }: { rowsRead: number; rowsWritten: number }) => {
      const text = `${rowsRead.toLocaleString('en-US')} rows read, ${rowsWritten.toLocaleString('en-US')} accepted`;
      if (terminal) {
        stderr.write(`\r${text}…`);
        shown = true;
      } else if (Date.now() - lastLine >= PROGRESS_LINE_INTERVAL_MS) {
        lastLine = Date.now();
        writeLine(stderr, text);
      }
    },
    end: () => {
      if (shown) stderr.write('\r\x1b[K');
    },
  };
}

function summary(report: ImportReport, dryRun: boolean): string[] {
  const counts = `${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged`;
  const lines = [`${report.kind}: ${report.rowsRead} row${report.rowsRead === 1 ? '' : 's'} read.`];
  if (report.written) lines.push(`Written: ${counts}.`);
  else if (dryRun && report.refusedCount === 0) lines.push(`Dry run, nothing written. It would write: ${counts}.`);
  else lines.push(dryRun ? 'Dry run, nothing written.' : 'Nothing was written: rows were refused (--skip-invalid writes the others).');
  if (report.refusedCount > 0) {
    lines.push(`${report.written ? 'Skipped' : 'Refused'} ${report.rowsRefused} row${report.rowsRefused === 1 ? '' : 's'}:`);
    for (const refused of report.refused) lines.push(`  line ${refused.line}, ${refused.field}: ${refused.message}`);
    if (report.refusedCount > report.refused.length) lines.push(`  … and ${report.refusedCount - report.refused.length} more`);
  }
  return lines;
}

const importCommand: Command = {
  name: ['import'],
  summary: 'Import one kind of data from a CSV or JSON Lines file',
  arguments: ['<kind>', '<file>'],
  options: {
    format: { type: 'string', value: 'csv|jsonl', description: 'The file format (default: from the extension .csv, .jsonl or .ndjson)' },
    'dry-run': { type: 'boolean', description: 'Check every row and count what would change; write nothing' },
    'skip-invalid': {
      type: 'boolean',
      description: 'Write the valid rows and list the refused ones (default: any refused row writes nothing)',
    },
    overwrite: {
      type: 'boolean',
      description: 'Write every row, also those unchanged in the file since their last import (puts back edits made in the app)',
    },
    invite: {
      type: 'boolean',
      description: 'users only: then invite the active users of the file who have no password (as `user invite` does)',
    },
  },
  get description() {
    const width = Math.max(...Object.keys(IMPORT_KINDS).map((kind) => kind.length));
    return `Loads <file> into the database by natural key: new rows are inserted, changed ones updated, the same file
twice changes nothing. Every row is checked first; a refused row is listed with its line, field and message, and by
default nothing is written when any row is refused. A row the file carries unchanged since its last import is left
alone, so an edit made in the app since survives (--overwrite writes it back). Columns and examples: docs/import.md
(example files in examples/import/). Files a row names (documents) are read relative to <file>'s directory, never
outside it.

Kinds, in the order to import them into an empty database:
${Object.entries(IMPORT_KINDS)
  .map(([kind, definition]) => `  ${kind.padEnd(width)}  ${definition.description}`)
  .join('\n')}

Exit code 1 when rows were refused and nothing was written (a dry run included).

--invite (users only): when the import is written, every active user of the file who has no password and no open
invitation gets an invitation, in the import's own transaction, then the mails are sent (npx homesite user invite
--help says how links and mail work, and what happens without SMTP_URL).

The audit trail records every import that writes (kind and counts), by the command line.

Examples:
  npx homesite import retailers retailers.csv --dry-run
  npx homesite import homes homes-2026-11.jsonl --skip-invalid
  npx homesite import users users.csv --invite`;
  },
  run: async ({ io, values, positionals }) => {
    const [kind = '', file = ''] = positionals;
    if (!Object.hasOwn(IMPORT_KINDS, kind))
      throw new UsageError(`Unknown kind "${kind}". The kinds are: ${Object.keys(IMPORT_KINDS).join(', ')}.`);
    const format = formatOf(file, stringOption(values, 'format'));
    const path = resolve(file);
    if (!existsSync(path) || !statSync(path).isFile()) throw new CliError(`There is no file ${path}.`);
    const dryRun = flagOption(values, 'dry-run');
    const invite = flagOption(values, 'invite');
    if (invite && kind !== 'users') throw new UsageError(`--invite goes with the users kind only, not ${kind}.`);
    // Before anything is read: a production setup without PUBLIC_URL cannot invite, so it imports nothing either.
    const setup = invite ? invitationSetup(io.env) : null;
    const progress = progressReporter(io.stderr);
    const origin = cliOrigin(io.env);
    // The server's variables, read the same way: an import is refused keys in the range the app numbers from.
    const numberStarts = numberStartsFromEnv(io.env);

    const report = await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const mailKey = setup ? await mailKeyFor(db, io.env) : null;
      // Set by the hook (TypeScript cannot see a callback assign it, hence the holder object).
      const invited: { done?: { issued: IssuedLinks; skipped: number } } = {};
      let report: ImportReport;
      try {
        report = await runImport(db, kind, createReadStream(path), {
          format,
          dryRun,
          skipInvalid: flagOption(values, 'skip-invalid'),
          overwrite: flagOption(values, 'overwrite'),
          onProgress: progress.update,
          readFile: filesBeside(path),
          collectAcceptedKeys: invite,
          origin,
          numberStarts,
          // In the import's transaction: the invitations commit with what it wrote or not at all.
          onWritten: async (tx, _written, userNames) => {
            if (setup && mailKey) {
              const now = new Date();
              const found = await usersWithoutPassword(tx, now, { again: false, userNames });
              invited.done = { issued: await issueLinks(tx, setup, mailKey, found.invitees, now), skipped: found.skipped };
            }
          },
        });
      } catch (error) {
        if (error instanceof ImportError) throw new CliError(`${path}: ${error.message}`);
        throw error;
      } finally {
        progress.end();
      }
      writeLine(io.stdout, summary(report, dryRun).join('\n'));
      if (setup && mailKey) {
        const { done } = invited;
        if (done)
          await deliverLinks(io, db, setup, mailKey, done.issued, invitedSummary(setup.config, done.issued.links.length, done.skipped));
        else writeLine(io.stdout, `Nobody was invited: ${dryRun ? 'a dry run writes nothing' : 'the import wrote nothing'}.`);
      }
      return report;
    });
    return report.refusedCount > 0 && !report.written ? 1 : 0;
  },
};

export const importCommands: readonly Command[] = [importCommand];
