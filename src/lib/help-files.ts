/** spec 1 §9, spec 3 §9: a help PDF must be larger than 15 bytes to be shown. */
export const HELP_PDF_MIN_BYTES = 15;

/** spec 1 §8: an empty or tiny help PDF shows the 'no results' state instead of a viewer. */
export const hasHelpPdfContent = (byteLength: number) => byteLength > HELP_PDF_MIN_BYTES;

/** The name used when stripping leaves nothing, so the file request still has a path segment. */
const FALLBACK_FILE_NAME = 'document';

/**
 * spec 1 §5: help document file names have special characters stripped before the file request.
 * Letters, digits and spaces stay (any run of white space becomes one space), everything else goes.
 */
export function sanitizeHelpFileName(displayName: string): string {
  const stripped = displayName
    .replace(/\s+/g, ' ')
    .replace(/[^A-Za-z0-9 ]+/g, '')
    .replace(/ +/g, ' ')
    .trim();
  return stripped || FALLBACK_FILE_NAME;
}
