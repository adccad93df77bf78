/** spec 1 §5 file upload: images always; PDF only where the caller enables it. */
export const IMAGE_FILE_TYPES = ['image/gif', 'image/jpeg', 'image/jpg'] as const;
export const PDF_FILE_TYPE = 'application/pdf';

/** spec 1 §5, §8: the warning shown when a file is refused. */
export const INVALID_FILE_TITLE = 'Invalid file extension';
export const invalidFileMessage = (allowPdf: boolean) =>
  allowPdf ? 'JPG, JPEG, GIF, and PDF are allowed.' : 'JPG, JPEG and GIF are allowed.';

export type DetectedFileType = 'image/gif' | 'image/jpeg' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * What the first bytes say the file is (its signature), whatever its name or declared type claim:
 * GIF87a/GIF89a, JPEG (FF D8 FF), PDF (%PDF- within the first 1024 bytes, as PDF readers accept).
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const pdf = ascii('%PDF-');
  for (let offset = 0; offset <= Math.min(1024, bytes.length) - pdf.length; offset++) {
    if (startsWith(bytes, pdf, offset)) return 'application/pdf';
  }
  return null;
}

/** The `accept` attribute of a file input for these rules (a hint to the picker; the check below decides). */
export function acceptAttribute(allowPdf: boolean): string {
  const types = [...IMAGE_FILE_TYPES, '.jpg', '.jpeg', '.gif'];
  return (allowPdf ? [...types, PDF_FILE_TYPE, '.pdf'] : types).join(',');
}

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif'];

function extensionOf(name: string): string | null {
  const match = /\.([^./\\]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

/** What the name and the declared type claim must be allowed too (either may be missing: a camera blob has neither). */
function claimsAllowed(file: Pick<File, 'name' | 'type'>, allowPdf: boolean): boolean {
  const types: readonly string[] = allowPdf ? [...IMAGE_FILE_TYPES, PDF_FILE_TYPE] : IMAGE_FILE_TYPES;
  const extensions = allowPdf ? [...IMAGE_EXTENSIONS, 'pdf'] : IMAGE_EXTENSIONS;
  const extension = extensionOf(file.name);
  return (!file.type || types.includes(file.type.toLowerCase())) && (extension === null || extensions.includes(extension));
}

const HEAD_BYTES = 1024;

async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
}

/** SHA-256 of the content, as hex: two files with the same hash are the same file, whatever their names. */
export async function hashFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface AcceptedFile {
  file: File;
  /** SHA-256 hex of the content. */
  hash: string;
  /** What the content is, by its signature. */
  type: DetectedFileType;
}

export type FileSelectionResult =
  | { ok: true; files: AcceptedFile[]; duplicates: File[] }
  | { ok: false; invalid: File[]; title: typeof INVALID_FILE_TITLE; message: string };

/**
 * spec 1 §5: a selection is refused whole when any file is not an allowed type (by its name, its declared type and its
 * content); otherwise files whose content repeats an earlier one (in the selection or in `knownHashes`) are dropped.
 */
export async function checkFileSelection(
  files: readonly File[],
  options: { allowPdf?: boolean; knownHashes?: ReadonlySet<string> } = {},
): Promise<FileSelectionResult> {
  const allowPdf = options.allowPdf ?? false;
  const allowed: readonly DetectedFileType[] = allowPdf ? ['image/gif', 'image/jpeg', PDF_FILE_TYPE] : ['image/gif', 'image/jpeg'];
  const detected = await Promise.all(
    files.map(async (file) => (claimsAllowed(file, allowPdf) ? detectFileType(await headOf(file)) : null)),
  );
  const invalid = files.filter((_file, index) => {
    const type = detected[index];
    return !type || !allowed.includes(type);
  });
  if (invalid.length > 0) return { ok: false, invalid, title: INVALID_FILE_TITLE, message: invalidFileMessage(allowPdf) };

  const seen = new Set(options.knownHashes);
  const accepted: AcceptedFile[] = [];
  const duplicates: File[] = [];
  const hashes = await Promise.all(files.map(hashFile));
  files.forEach((file, index) => {
    const hash = hashes[index]!;
    if (seen.has(hash)) {
      duplicates.push(file);
      return;
    }
    seen.add(hash);
    accepted.push({ file, hash, type: detected[index]! });
  });
  return { ok: true, files: accepted, duplicates };
}

/** How long a saved file's blob URL stays valid: long enough for the download to start from it. */
const SAVED_URL_LIFETIME_MS = 60_000;

/** Saves a file the page holds (a blob), as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), SAVED_URL_LIFETIME_MS);
}

/** The file name of a Content-Disposition header (`filename="…"`), if it names one. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]).trim() || undefined;
  } catch {
    return match[1].trim() || undefined;
  }
}
