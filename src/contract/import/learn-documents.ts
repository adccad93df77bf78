import * as v from 'valibot';
import { importColumns, integerCell, optional, required, SMALLINT_MAX, textCell } from './cells';
import { documentFileCell } from './help-documents';

/*
 * Import kind `learn-documents`: the Learn library's PDF manuals (spec 3 §2 Learn, §3 Documents), by category,
 * sub-category and display name; the rows create the categories and sub-categories they name. Each row names its PDF
 * relative to the imported file, as help documents do.
 */
const learnDocumentColumns = {
  category: required(textCell(100)),
  subCategory: required(textCell(100)),
  /** The title users see; unique within its sub-category. */
  displayName: required(textCell(150)),
  file: required(documentFileCell),
  /** The name the PDF is opened and saved under; the name of `file` when empty. */
  fileName: optional(textCell(150, { pattern: [/^[^/\\]+\.pdf$/i, 'Must be a file name ending in .pdf, without folders.'] })),
  /** Documents are listed by position, then in the order they were first imported. */
  position: optional(integerCell(0, SMALLINT_MAX), 0),
};

export const LearnDocumentImportRow = v.pipe(
  v.object(learnDocumentColumns),
  v.transform((row) => ({ ...row, fileName: row.fileName ?? row.file.split('/').at(-1)! })),
);
export type LearnDocumentImportRow = v.InferOutput<typeof LearnDocumentImportRow>;
export const LEARN_DOCUMENT_IMPORT_COLUMNS = importColumns(learnDocumentColumns);
