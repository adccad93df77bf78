import { formatPhoneDigits } from '../../contract/import';
import type { Database } from '../db/client';

/*
 * One kind's export (kinds/index.ts lists them, by the import's kind names): where its rows are stored, and how a stored
 * row becomes the import's columns, in the cell formats the import's row schema reads. What an export writes imports
 * again unchanged (docs/cli.md, `homesite export`).
 */

/** A list cell: `;`-separated in CSV (the import's LIST_SEPARATOR), an array in JSON Lines. */
export interface ListCell {
  kind: 'list';
  items: readonly string[];
  separator: string;
}

/** A structured cell (a quote's revisions): JSON text in CSV, the value itself in JSON Lines. */
export interface JsonCell {
  kind: 'json';
  value: unknown;
}

/** A cell as the kind gives it: null, undefined and '' are an empty (absent) cell. Amounts come as text (`55.00`). */
export type ExportCell = string | number | boolean | null | undefined | ListCell | JsonCell;

export const listCell = (items: readonly string[], separator = ';'): ListCell => ({ kind: 'list', items, separator });
/** Items one per line (release notes' items): a quoted, multi-line cell in CSV. */
export const linesCell = (items: readonly string[]): ListCell => ({ kind: 'list', items, separator: '\n' });
export const jsonCell = (value: unknown): JsonCell => ({ kind: 'json', value });

/** Writes a file the row names beside the output (help and Learn documents) and answers the path the row gives. */
export interface ExportFiles {
  /**
   * Reserves a file name in the export's folder (made unique within the export: a second `guide.pdf` is `guide-2.pdf`)
   * whose bytes `read` fetches when the row is written; answers the path relative to the output file.
   */
  add(name: string, read: (db: Database) => Promise<Uint8Array>): string;
}

export interface ExportContext {
  /** Absent when the export goes to stdout: a kind with files then cannot be exported. */
  files?: ExportFiles;
}

/**
 * Where a kind's rows are stored: `SELECT <select> FROM <from> WHERE <where>`, paged by `key` (keyset: the rows after the
 * last one of the previous page, a primary key so that each page is an index range). SQL text from this code only.
 * A row reaches `cells` as row_to_json gives it: select amounts and dates `::text`, so that they keep their stored text.
 */
export interface ExportKind<Stored = Record<string, unknown>> {
  select: string;
  from: string;
  where?: string;
  /** A unique, indexed column (the table's primary key), ascending: the order of the export. */
  key: string;
  /**
   * When a row last changed, for `--since` (rows whose expression is at or after it), and what that means for the help.
   * Absent when the kind keeps no such time: --since is refused for it.
   */
  changedAt?: { expression: string; meaning: string };
  /** Rows whose files are written (documents) come in smaller pages. */
  pageRows?: number;
  /** The import's columns of a stored row. A column of the import the export does not give is an error, never left out. */
  cells(row: Stored, context: ExportContext): Record<string, ExportCell>;
  /** Whether its rows name files (written beside the output): the export then needs --out. */
  hasFiles?: boolean;
}

/** Only types the kind: `defineExport<Stored>({...})`. */
export const defineExport = <Stored>(kind: ExportKind<Stored>): ExportKind<Stored> => kind;

/** A phone stored as its ten digits, written as the product shows one: (865) 555-0123. Anything else as stored. */
export const phoneText = (stored: string | null) => (stored !== null && /^\d{10}$/.test(stored) ? formatPhoneDigits(stored) : stored);
