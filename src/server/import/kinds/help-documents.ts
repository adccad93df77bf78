import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  DOCUMENT_FILE_MAX_BYTES,
  FILES_NEED_COMMAND_LINE_MESSAGE,
  HELP_DOCUMENT_IMPORT_COLUMNS,
  HelpDocumentImportRow,
} from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, type RowIssue, type WriteCounts } from '../kind';
import { countWrites, upsertRows } from '../write';

type ReadFile = (relativePath: string) => Promise<Uint8Array>;

/** What a document's bytes are, told from the bytes themselves (a file's name may say anything). */
export interface DocumentFileType {
  fileType: 'pdf' | 'video';
  contentType: string;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

export function documentFileType(bytes: Uint8Array): DocumentFileType | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return { fileType: 'pdf', contentType: 'application/pdf' };
  // ISO base media (MP4): a box of type ftyp first; WebM: the EBML header.
  if (startsWith(bytes, ascii('ftyp'), 4)) return { fileType: 'video', contentType: 'video/mp4' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { fileType: 'video', contentType: 'video/webm' };
  return undefined;
}

/**
 * The bytes of the file a row names, or why the row is refused: no files over HTTP (no readFile), a file that cannot
 * be read (the command line's reader says why: missing, or leading out of the imported file's folder), or too large.
 */
export async function readDocumentFile(
  readFile: ReadFile | undefined,
  field: string,
  path: string,
): Promise<{ bytes: Uint8Array } | { issue: RowIssue }> {
  if (!readFile) return { issue: { field, message: FILES_NEED_COMMAND_LINE_MESSAGE } };
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'EISDIR'
        ? 'it is a folder'
        : code === 'EACCES'
          ? 'permission denied'
          : error instanceof Error
            ? error.message
            : String(error);
    return { issue: { field, message: typeof code === 'string' ? `Cannot read "${path}": ${reason}.` : reason } };
  }
  if (bytes.byteLength > DOCUMENT_FILE_MAX_BYTES) {
    return {
      issue: {
        field,
        message: `"${path}" has ${bytes.byteLength.toLocaleString('en-US')} bytes; a document can have at most ${DOCUMENT_FILE_MAX_BYTES.toLocaleString('en-US')}.`,
      },
    };
  }
  return { bytes };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Rows are written in groups of about this many bytes of files, so that a library of large videos is never all in memory. */
export const FILE_BYTES_PER_WRITE = 32 * 1024 * 1024;

/**
 * Writes rows that carry files in groups of FILE_BYTES_PER_WRITE: reads each row's files (`read`), then `flush` writes
 * a group and answers what it wrote. The counts of every group, summed.
 */
export async function writeInGroups<Row, Read extends { size: number }>(
  rows: readonly Row[],
  read: (row: Row) => Promise<Read>,
  flush: (group: readonly Read[]) => Promise<WriteCounts>,
): Promise<WriteCounts> {
  const total: WriteCounts = { inserted: 0, updated: 0 };
  let group: Read[] = [];
  let bytes = 0;
  const write = async () => {
    if (group.length === 0) return;
    const counts = await flush(group);
    total.inserted += counts.inserted;
    total.updated += counts.updated;
    group = [];
    bytes = 0;
  };
  for (const row of rows) {
    const entry = await read(row);
    group.push(entry);
    bytes += entry.size;
    if (bytes >= FILE_BYTES_PER_WRITE) await write();
  }
  await write();
  return total;
}

interface HelpFile {
  row: HelpDocumentImportRow;
  bytes: Uint8Array;
  type: DocumentFileType;
  captions: string | null;
  size: number;
}

const CAPTIONS_MESSAGE = 'Must be a WebVTT captions file (UTF-8 text starting with WEBVTT).';

/** WebVTT text, or undefined when the bytes are not. */
function webVtt(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const clean = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return /^WEBVTT(\s|$)/.test(clean) ? clean : undefined;
}

async function readHelpFile(row: HelpDocumentImportRow, readFile: ReadFile | undefined): Promise<HelpFile> {
  const read = await readDocumentFile(readFile, 'file', row.file);
  if ('issue' in read) throw new Error(`help document ${row.displayName}: ${read.issue.message}`);
  const captions = row.captions === undefined ? undefined : await readDocumentFile(readFile, 'captions', row.captions);
  if (captions && 'issue' in captions) throw new Error(`help document ${row.displayName}: ${captions.issue.message}`);
  return {
    row,
    bytes: read.bytes,
    type: documentFileType(read.bytes)!,
    captions: captions ? (webVtt(captions.bytes) ?? null) : null,
    size: read.bytes.byteLength,
  };
}

/**
 * The Help library by display name: each document's metadata, and its file (a PDF or a video, with captions) read
 * from beside the imported file. The bytes are written only for a document that is new or changed: a file whose
 * sha256 is the stored one leaves the row as it is, so its ETag and updatedAt stay and devices keep their copy.
 */
export const helpDocumentsKind = defineKind<HelpDocumentImportRow>({
  description: 'The Help library: PDFs and videos (files named relative to the imported file) by display name.',
  columns: HELP_DOCUMENT_IMPORT_COLUMNS,
  schema: HelpDocumentImportRow,
  keyField: 'displayName',
  keyOf: (row) => row.displayName,
  check: async (row, { readFile }) => {
    const read = await readDocumentFile(readFile, 'file', row.file);
    if ('issue' in read) return [read.issue];
    const type = documentFileType(read.bytes);
    if (!type) return [{ field: 'file', message: `"${row.file}" is not a PDF, MP4 or WebM file.` }];
    if (row.captions === undefined) return [];
    if (type.fileType !== 'video') return [{ field: 'captions', message: 'Only a video has captions.' }];
    const captions = await readDocumentFile(readFile, 'captions', row.captions);
    if ('issue' in captions) return [captions.issue];
    return webVtt(captions.bytes) === undefined ? [{ field: 'captions', message: CAPTIONS_MESSAGE }] : [];
  },
  write: (db, rows, { readFile }) =>
    writeInGroups(
      rows,
      (row) => readHelpFile(row, readFile),
      async (group) => {
        const written = await upsertRows(
          db,
          {
            table: 'help_documents',
            input: [
              ['display_name', 'text'],
              ['file_type', 'text'],
              ['category', 'text'],
              ['content_type', 'text'],
              ['size_bytes', 'integer'],
              ['sha256', 'text'],
              ['captions_vtt', 'text'],
              ['position', 'smallint'],
            ],
            insert: [
              'display_name',
              'file_type',
              'category',
              'content_type',
              'size_bytes',
              'sha256',
              'captions_vtt',
              'position',
              ['data', "''::bytea"],
              ['updated_at', 'now()'],
            ],
            conflict: '("display_name")',
            update: ['file_type', 'category', 'content_type', 'size_bytes', 'sha256', 'captions_vtt', 'position'],
            onChange: ['"updated_at" = now()'],
            key: 'target.display_name',
          },
          group.map((file) => ({
            display_name: file.row.displayName,
            file_type: file.type.fileType,
            category: file.row.category,
            content_type: file.type.contentType,
            size_bytes: file.size,
            sha256: sha256Of(file.bytes),
            captions_vtt: file.captions,
            position: file.row.position,
          })),
        );
        // The bytes of the documents just inserted or changed (the upsert wrote their metadata and sha256).
        const bytesOf = new Map(group.map((file) => [file.row.displayName, file.bytes]));
        for (const { key } of written)
          await db
            .update(t.helpDocuments)
            .set({ data: bytesOf.get(key)! })
            .where(eq(t.helpDocuments.displayName, key));
        return countWrites(written);
      },
    ),
});
