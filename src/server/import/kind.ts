import type * as v from 'valibot';
import type { ImportColumns } from '../../contract/import';
import type { Database } from '../db/client';
import type { NumberStarts } from '../numbers/number-starts';

/** What is wrong with a row: the field (the column, or `roles[1]` for an item of a list) and the message. */
export interface RowIssue {
  field: string;
  message: string;
}

export interface RowContext<Refs> {
  /** What `loadReferences` loaded for this import. */
  refs: Refs;
  /** The row's line in the file. */
  line: number;
  /** Reads a file a row names (help and Learn documents); absent over HTTP, where such rows are refused. */
  readFile?: (relativePath: string) => Promise<Uint8Array>;
  /** Where the numbers HomeSite hands out start: a key at or above is refused (work orders, quotes). */
  numberStarts: NumberStarts;
}

export interface WriteContext<Refs> {
  refs: Refs;
  readFile?: (relativePath: string) => Promise<Uint8Array>;
  numberStarts: NumberStarts;
}

/** Rows of a batch that were inserted or changed; the others were unchanged. */
export interface WriteCounts {
  inserted: number;
  updated: number;
}

/**
 * One kind of data the importer loads (kinds/index.ts lists them). A kind is its row schema (from the contract), its
 * natural key, the references it checks, and how it writes a batch of checked rows: by natural key, changing a stored
 * row only when one of its columns differs, so that importing the same file again writes nothing.
 */
export interface ImportKind<Row, Refs = unknown> {
  /** One line for the command line's list of kinds. */
  description: string;
  columns: ImportColumns;
  /** Takes a row as read (every column present, absent cells undefined) to the checked row. */
  schema: v.GenericSchema<unknown, Row>;
  /** The column a row twice in one file is refused on, and the row's natural key. */
  keyField: string;
  keyOf(row: Row): string;
  /** Loads what the rows refer to (retailer numbers, roles…), once per import, inside its transaction. */
  loadReferences?(db: Database, context: { numberStarts: NumberStarts }): Promise<Refs>;
  /** What a checked row refers to that does not exist (and other issues only the database can tell). */
  check?(row: Row, context: RowContext<Refs>): RowIssue[] | Promise<RowIssue[]>;
  /** Writes a batch of checked rows (a few thousand, one statement or a few per table). */
  write(db: Database, rows: readonly Row[], context: WriteContext<Refs>): Promise<WriteCounts>;
}

/** Only types the kind: `defineKind<Row, Refs>({...})`. */
export const defineKind = <Row, Refs = undefined>(kind: ImportKind<Row, Refs>): ImportKind<Row, Refs> => kind;

/** The message of a reference that is missing: "retailer 123 does not exist". */
export const doesNotExist = (what: string, key: string) => `${what} ${key} does not exist.`;

/** Issues for the items of a list that name something missing: field `plants[1]`. */
export const missingItems = (field: string, items: readonly string[], exists: (item: string) => boolean, what: string): RowIssue[] =>
  items.flatMap((item, index) => (exists(item) ? [] : [{ field: `${field}[${index}]`, message: doesNotExist(what, item) }]));
