import * as v from 'valibot';

/*
 * What an import answers (server/import/run-import.ts ImportReport): the endpoint's body, and what the command line
 * prints. 200 when written (or a clean dry run), 422 when refused rows kept everything out.
 */

/** A refused row: its line in the file (CSV: the header is line 1), the field (`retailerNumber`, `roles[1]`) and why. */
export const ImportRefusal = v.object({ line: v.number(), field: v.string(), message: v.string() });

export const ImportReportAnswer = v.object({
  kind: v.string(),
  /** Rows read (blank lines and the CSV header not counted). */
  rowsRead: v.number(),
  /** What was written, or in a dry run what would be; all 0 when nothing is written because rows were refused. */
  inserted: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  /** The first 1,000 refusals; a row can have several (one per field). */
  refused: v.array(ImportRefusal),
  /** Every refusal, listed or not. */
  refusedCount: v.number(),
  /** Rows refused (a row with several refusals counts once). */
  rowsRefused: v.number(),
  /** Whether the import's changes were committed (false in a dry run, and when refused rows kept everything out). */
  written: v.boolean(),
});
export type ImportReportAnswer = v.InferOutput<typeof ImportReportAnswer>;
