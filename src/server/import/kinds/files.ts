import type { RowIssue } from '../kind';
import { readDocumentFile } from './help-documents';

type ReadFile = (relativePath: string) => Promise<Uint8Array>;

/**
 * A file a row names, as uploads are checked (work-orders/attachments.ts, parts-catalog/admin.ts): its type told by
 * its bytes (`typeOf`; the name may say anything), at most `maxBytes`. Answers the bytes and type, or why the row is
 * refused (no files over HTTP, missing, leading out of the folder, too large, not a type taken).
 */
export async function readCheckedFile<T extends string>(
  readFile: ReadFile | undefined,
  field: string,
  path: string,
  check: { maxBytes: number; typeOf: (bytes: Uint8Array) => T | null; types: string },
): Promise<{ bytes: Uint8Array; contentType: T } | { issue: RowIssue }> {
  const read = await readDocumentFile(readFile, field, path);
  if ('issue' in read) return read;
  const size = read.bytes.byteLength;
  if (size > check.maxBytes)
    return {
      issue: {
        field,
        message: `"${path}" has ${size.toLocaleString('en-US')} bytes; it can have at most ${check.maxBytes.toLocaleString('en-US')}.`,
      },
    };
  const contentType = size > 0 ? check.typeOf(read.bytes) : null;
  if (!contentType) return { issue: { field, message: `"${path}" is not ${check.types} file.` } };
  return { bytes: read.bytes, contentType };
}
