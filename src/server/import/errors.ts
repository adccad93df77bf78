/**
 * A whole import refused before or while reading its file: unknown kind or format, a bad CSV header, a file that is
 * not UTF-8 or not CSV. Its message is for the operator as it is (the command line's exit message, the endpoint's 400).
 * A bad row is never an ImportError: it is listed in the report.
 */
export class ImportError extends Error {
  override name = 'ImportError';
}
