import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { cliOrigin } from '../../audit/audit';
import { EXPORT_KINDS } from '../../export/kinds';
import { EXPORT_FORMATS, ExportError, refusal, runExport, sinceKinds, type ExportFormat, type ExportReport } from '../../export/run-export';
import { IMPORT_KINDS } from '../../import/kinds';
import { stringOption, type Command } from '../command';
import { withDatabase } from '../database';
import { CliError, UsageError, writeLine } from '../io';
import { parseSince } from './audit';

/** At most one progress line this often when stderr is not a terminal (a log file, CI). */
const PROGRESS_LINE_INTERVAL_MS = 10_000;

function formatOf(out: string | undefined, given: string | undefined): ExportFormat {
  if (given !== undefined) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(given)) throw new UsageError(`--format: csv or jsonl, not "${given}".`);
    return given as ExportFormat;
  }
  const lower = out?.toLowerCase() ?? '';
  return lower.endsWith('.jsonl') || lower.endsWith('.ndjson') ? 'jsonl' : 'csv';
}

/** The folder the files of `out`'s rows go to (documents), beside it: help-documents.csv → help-documents-files/. */
export function filesFolderOf(out: string) {
  const path = `${basename(out, extname(out))}-files`;
  return { dir: join(dirname(out), path), path };
}

/** Progress on stderr: one line rewritten in place on a terminal, else a line now and then; nothing for a quick export. */
function progressReporter(stderr: Writable & { isTTY?: boolean }) {
  const terminal = stderr.isTTY === true;
  // Counted from the first page, not from the start: opening a busy database is no export to report on.
  let lastLine: number | undefined;
  let shown = false;
  return {
    update: (rows: number) => {
      const text = `${rows.toLocaleString('en-US')} rows written`;
      if (terminal) {
        stderr.write(`\r${text}…`);
        shown = true;
      } else if (lastLine === undefined) {
        lastLine = Date.now();
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

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

const exportCommand: Command = {
  name: ['export'],
  summary: 'Export one kind of data as CSV or JSON Lines, in the columns its import takes',
  arguments: ['<kind>'],
  options: {
    out: { type: 'string', value: '<file>', description: 'Write to this file (default: stdout); needed by kinds with files' },
    format: { type: 'string', value: 'csv|jsonl', description: 'The format (default: from the --out extension, else csv)' },
    since: {
      type: 'string',
      value: '<date or time>',
      description: 'Only rows changed at or after this: 2026-11-01 (midnight UTC) or 2026-11-01T08:00:00Z; some kinds only',
    },
  },
  get description() {
    const width = Math.max(...Object.keys(EXPORT_KINDS).map((kind) => kind.length));
    const since = sinceKinds();
    const withFiles = Object.entries(EXPORT_KINDS).flatMap(([name, kind]) => (kind.hasFiles ? [name] : []));
    return `Writes every row of <kind> in the columns and cell formats of its import (docs/import.md), so that the file
imports again unchanged: \`npx homesite export homes --out homes.csv\` into one database, \`npx homesite import homes
homes.csv\` into another gives the same homes. Rows come in a stable order (by when they were first stored), read from
one consistent snapshot of the database, a page at a time: any number of rows in little memory.

Kinds whose rows name files (${withFiles.join(', ')}) write those files too, into a folder beside
the output named after it (--out help.csv → help-files/), and the rows name them there: the folder imports again as it
is. They need --out.

--since keeps only the rows changed at or after that time. It works for the kinds that keep when a row changed:
${since.map((entry) => `  ${entry.name.padEnd(width)}  a row counts as changed when ${entry.meaning}`).join('\n')}
The other kinds keep no time of change (only a transaction number for the devices' delta sync), or none that every
change moves (a work order's parts items and attachments are edited without touching it), and refuse --since: export
them whole, and import the whole file (unchanged rows are skipped).

Kinds: ${Object.keys(EXPORT_KINDS).join(', ')}.

With --out the file is written beside its final name and renamed when complete: a failed export never leaves half a
file under that name (an existing file is replaced). The audit trail records every export (kind, rows, files).

Examples:
  npx homesite export homes > homes.csv
  npx homesite export users --format jsonl --out users.jsonl
  npx homesite export work-orders --out /exports/work-orders.jsonl   # attachments in /exports/work-orders-files/
  npx homesite export parts-orders --since 2026-11-01 --out parts-orders-november.csv`;
  },
  run: async ({ io, values, positionals }) => {
    const [kind = ''] = positionals;
    if (!Object.hasOwn(EXPORT_KINDS, kind) || !Object.hasOwn(IMPORT_KINDS, kind))
      throw new UsageError(`Unknown kind "${kind}". The kinds are: ${Object.keys(EXPORT_KINDS).join(', ')}.`);
    const outOption = stringOption(values, 'out');
    const out = outOption === undefined ? undefined : resolve(outOption);
    const format = formatOf(out, stringOption(values, 'format'));
    const sinceOption = stringOption(values, 'since');
    const since = sinceOption === undefined ? undefined : parseSince(sinceOption);
    const refused = refusal(kind, { since, toFile: out !== undefined });
    if (refused) throw new UsageError(refused);
    if (out !== undefined) {
      if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory()) throw new CliError(`There is no folder ${dirname(out)}.`);
      if (existsSync(out) && statSync(out).isDirectory()) throw new CliError(`${out} is a folder: --out names a file.`);
    }
    const progress = progressReporter(io.stderr);
    const partial = out === undefined ? undefined : `${out}.partial-${process.pid}`;
    const output = partial === undefined ? io.stdout : createWriteStream(partial);

    let report: ExportReport;
    try {
      report = await withDatabase(io.env, { migrations: 'current' }, ({ db }) =>
        runExport(db, kind, output, {
          format,
          since,
          files: out === undefined ? undefined : filesFolderOf(out),
          onProgress: progress.update,
          origin: cliOrigin(io.env),
        }),
      );
      if (partial !== undefined && out !== undefined) {
        output.end();
        await once(output, 'close');
        renameSync(partial, out);
      }
    } catch (error) {
      if (partial !== undefined) {
        output.destroy();
        rmSync(partial, { force: true });
      }
      if (error instanceof ExportError) throw new CliError(error.message);
      throw error;
    } finally {
      progress.end();
    }
    const files = report.files > 0 && out !== undefined ? ` and ${plural(report.files, 'file')} to ${filesFolderOf(out).dir}` : '';
    // With the rows on stdout, the summary goes to stderr so that it stays out of the file.
    writeLine(
      out === undefined ? io.stderr : io.stdout,
      `${kind}: ${plural(report.rows, 'row')} written${out ? ` to ${out}` : ''}${files}.`,
    );
  },
};

export const exportCommands: readonly Command[] = [exportCommand];
