import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { ImportColumns } from '../../contract/import';
import { ImportError } from './errors';
import type { RowIssue } from './kind';

/** A row as read from the file: its values by column (every column present, absent cells undefined), or why it cannot be read. */
export type SourceRow = { line: number; values: Record<string, unknown> } | { line: number; unreadable: RowIssue };

/** The field of a refusal about the whole row or line rather than one cell. */
export const WHOLE_ROW = '(row)';

/** Text of a UTF-8 file in chunks; a leading byte order mark is dropped, bytes that are not UTF-8 refuse the file. */
export async function* utf8Text(input: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  const text = (chunk: string) => {
    const clean = first && chunk.startsWith('\uFEFF') ? chunk.slice(1) : chunk;
    if (chunk !== '') first = false;
    return clean;
  };
  try {
    for await (const chunk of input) {
      const decoded = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (decoded !== '') yield text(decoded);
    }
    const rest = decoder.decode();
    if (rest !== '') yield text(rest);
  } catch (error) {
    if (error instanceof TypeError) throw new ImportError('The file is not UTF-8 text.');
    throw error;
  }
}

/** Every column of the kind, filled from what the row gives: a column the row does not give is absent (undefined). */
function rowValues(columns: readonly string[], given: Iterable<readonly [string, unknown]>) {
  const values: Record<string, unknown> = Object.fromEntries(columns.map((column) => [column, undefined]));
  for (const [column, value] of given) values[column] = value;
  return values;
}

/** The header's column names, checked against the kind's: every name known, none twice, every required one there. */
function checkHeader(header: readonly string[], kind: ImportColumns, kindName: string): string[] {
  const names = header.map((name) => name.trim());
  const known = new Set(kind.columns);
  const listed = `The columns of ${kindName} are: ${kind.columns.join(', ')} (docs/import.md).`;
  names.forEach((name, index) => {
    if (name === '') throw new ImportError(`The header (line 1) has no name in column ${index + 1}. ${listed}`);
    if (!known.has(name)) throw new ImportError(`The header (line 1) names an unknown column "${name}". ${listed}`);
    if (names.indexOf(name) !== index) throw new ImportError(`The header (line 1) names the column "${name}" twice.`);
  });
  const missing = kind.requiredColumns.filter((column) => !names.includes(column));
  if (missing.length > 0)
    throw new ImportError(`The header (line 1) lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ${listed}`);
  return names;
}

/**
 * The rows of a CSV file (RFC 4180, comma-separated, double quotes; csv-parse): line 1 is the header of column names,
 * each later record a row. Cells are kept as written, except that an empty cell is absent. A row is numbered by the
 * line it starts on (a quoted cell may span lines); blank lines are skipped.
 */
export async function* readCsvRows(
  input: AsyncIterable<string | Uint8Array>,
  kind: ImportColumns,
  kindName: string,
): AsyncGenerator<SourceRow> {
  // relax_quotes: a quote inside an unquoted cell (a 36" door) is kept as written rather than refusing the file.
  const parser = parse({ info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // Errors of the source (not UTF-8) reach the parser, whose iteration below throws them.
  pipeline(Readable.from(utf8Text(input)), parser).catch(() => undefined);
  let header: string[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const breaks = record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
      const line = info.lines - breaks;
      if (!header) {
        header = checkHeader(record, kind, kindName);
        continue;
      }
      if (record.length !== header.length) {
        yield { line, unreadable: { field: WHOLE_ROW, message: `Has ${record.length} cells; the header has ${header.length}.` } };
        continue;
      }
      yield {
        line,
        values: rowValues(
          kind.columns,
          header.map((column, index) => [column, record[index] === '' ? undefined : record[index]] as const),
        ),
      };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportError(`The file is not readable as CSV: ${error.message}`);
    throw error;
  }
  if (!header) throw new ImportError('The file is empty: a CSV file starts with a header line of column names.');
}

/**
 * The rows of a JSON Lines file: one JSON object per line, its keys the column names (null is absent). Blank lines are
 * skipped; a line that is not a JSON object, or names a column the kind does not have, is refused.
 */
export async function* readJsonLines(
  input: AsyncIterable<string | Uint8Array>,
  kind: ImportColumns,
  kindName: string,
): AsyncGenerator<SourceRow> {
  const known = new Set(kind.columns);
  let line = 0;
  let pending = '';
  const rowOf = (text: string): SourceRow | undefined => {
    line += 1;
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return {
        line,
        unreadable: { field: WHOLE_ROW, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` },
      };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { line, unreadable: { field: WHOLE_ROW, message: 'Must be a JSON object.' } };
    const unknown = Object.keys(value).find((key) => !known.has(key));
    if (unknown !== undefined) return { line, unreadable: { field: unknown, message: `Not a column of ${kindName}.` } };
    return { line, values: rowValues(kind.columns, Object.entries(value)) };
  };
  for await (const chunk of utf8Text(input)) {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      const row = rowOf(text);
      if (row) yield row;
    }
  }
  const last = rowOf(pending);
  if (last) yield last;
}
