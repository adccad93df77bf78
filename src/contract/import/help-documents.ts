import * as v from 'valibot';
import { importColumns, integerCell, optional, required, SMALLINT_MAX, textCell } from './cells';

/*
 * Import kind `help-documents`: the Help library (spec 1 §2 Help, §3 Help document) by display name. Each row names
 * its file, a PDF or a video, relative to the imported file: `homesite import` reads it from there. Over HTTP there
 * is no folder to read files from, so such rows are refused.
 */

/** The message of a row that names a file when the import cannot read files (the HTTP import endpoint). */
export const FILES_NEED_COMMAND_LINE_MESSAGE =
  'Files cannot be sent to the import endpoint: import this kind with `npx homesite import`, from a folder that holds the files.';

/** The largest file a help or Learn document may have. */
export const DOCUMENT_FILE_MAX_BYTES = 100 * 1024 * 1024;

/** A file beside the imported one: a relative path (forward or back slashes), never absolute, never leading out with `..`. */
export const documentFileCell = v.pipe(
  textCell(300),
  v.transform((path) => path.replace(/\\/g, '/')),
  v.check(
    (path) => !path.startsWith('/') && !/^[A-Za-z]:/.test(path),
    'Must be a path relative to the imported file, e.g. help/guide.pdf.',
  ),
  v.check((path) => !path.split('/').includes('..'), "Must not lead out of the imported file's folder (no ..)."),
  v.check((path) => path !== '' && !path.endsWith('/'), 'Must name a file.'),
);

const helpDocumentColumns = {
  /** The title users see; two documents cannot share one. */
  displayName: required(textCell(100)),
  /** The group the library shows it under, e.g. Getting started. */
  category: required(textCell(60)),
  /** A PDF, or an MP4 or WebM video. */
  file: required(documentFileCell),
  /** A video's WebVTT captions file. */
  captions: optional(documentFileCell),
  /** Documents are listed by position, then in the order they were first imported. */
  position: optional(integerCell(0, SMALLINT_MAX), 0),
};

export const HelpDocumentImportRow = v.object(helpDocumentColumns);
export type HelpDocumentImportRow = v.InferOutput<typeof HelpDocumentImportRow>;
export const HELP_DOCUMENT_IMPORT_COLUMNS = importColumns(helpDocumentColumns);
