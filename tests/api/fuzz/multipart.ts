import fc from 'fast-check';
import { CONTROL, oddString } from './mutations';

/*
 * Multipart uploads around a valid one (issue 14 §2, the attachment uploads): the valid form with one to three of its
 * parts changed — a text field removed, doubled or given an odd value, an unknown field added, the file part's name,
 * filename, content type or bytes changed, the file removed or doubled — and now and then the multipart encoding
 * itself broken (another boundary, no closing delimiter, cut short, no boundary in the header). The body is bytes
 * written here, not by FormData, so filenames and headers can hold what a careless or hostile client sends.
 */

export interface FilePart {
  /** The form field's name (`file` for the upload). */
  name: string;
  /** null: no filename parameter at all, so the part is a text field to the server. */
  filename: string | null;
  /** null: no Content-Type header on the part. */
  contentType: string | null;
  bytes: Uint8Array;
}

export interface MultipartForm {
  /** Text fields in order; a name may repeat. */
  fields: [name: string, value: string][];
  files: FilePart[];
}

/** A multipart request: the body and the Content-Type header that goes with it. */
export interface MultipartRequest {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const BOUNDARY = '----homesite-fuzz-7MA4YWxkTrZu0gW';
const encoder = new TextEncoder();

/** A 1×1 PNG, GIF and JPEG head and a minimal PDF: the file types the server takes. */
export const PNG_BYTES = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
const GIF_BYTES = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PDF_BYTES = encoder.encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const concat = (...chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
};

/** The form as multipart/form-data bytes (names, filenames and types written raw, as a hand-made client would). */
export function encodeMultipart(form: MultipartForm, boundary = BOUNDARY): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const [name, value] of form.fields) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of form.files) {
    const filename = file.filename === null ? '' : `; filename="${file.filename}"`;
    const type = file.contentType === null ? '' : `Content-Type: ${file.contentType}\r\n`;
    chunks.push(
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"${filename}\r\n${type}\r\n`),
      file.bytes,
      encoder.encode('\r\n'),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(...chunks);
}

export const multipartRequest = (form: MultipartForm): MultipartRequest => ({
  bytes: encodeMultipart(form),
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
});

/* ---- values ---- */

const numberText = fc.oneof(
  fc.constantFrom(
    '-0',
    '1e400',
    '-1e400',
    '1e308',
    '9999999999.99',
    '10000000000',
    '123456789012.345',
    '0x10',
    '1_000',
    ' 1 ',
    '1,5',
    'Infinity',
    'NaN',
    '-1',
    '0.5',
    '2147483648',
    '3',
    '',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
);

const fieldValue = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: numberText },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** A name for a field or a filename: odd strings, quotes and line breaks that end the header early, paths, very long ones. */
const oddName = fc.oneof(
  oddString,
  fc.constantFrom(
    '',
    '"',
    'a"b',
    'a\r\nX-Injected: 1',
    'a\nb',
    'a;b=c',
    '..\\..\\boot.ini',
    '../../etc/passwd',
    '/etc/passwd',
    'C:\\fake\\path.png',
    'con.png',
    '.png',
    'a.png.exe',
    'x'.repeat(70_000) + '.png',
  ),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL)).map(([a, c]) => `${a}${c}.png`),
);

const oddContentType = fc.oneof(
  fc.constantFrom(
    null,
    '',
    'image/png',
    'image/gif',
    'application/pdf',
    'application/octet-stream',
    'text/html',
    'image/svg+xml',
    'image/png; charset=utf-8',
    'multipart/form-data; boundary=x',
    'image/png\r\nX-Injected: 1',
    '*/*',
    'image/',
  ),
  oddString,
);

/** Bytes in place of the file: the other allowed types, empty, a signature cut short, one followed by junk, random bytes, ones that look like a boundary. */
const oddBytes = fc.oneof(
  fc.constantFrom(
    new Uint8Array(),
    GIF_BYTES,
    JPEG_HEAD,
    PDF_BYTES,
    PNG_BYTES.slice(0, 4),
    GIF_BYTES.slice(0, 5),
    JPEG_HEAD.slice(0, 2),
    encoder.encode(`\r\n--${BOUNDARY}--\r\n`),
    encoder.encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  ),
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 2048 }).map((tail) => concat(PNG_BYTES.slice(0, 8), tail)),
  fc.uint8Array({ maxLength: 64 }).map((head) => concat(head, PDF_BYTES)),
);

/* ---- mutations of the form ---- */

type FormMutation = (form: MultipartForm) => MultipartForm;

function formMutation(valid: MultipartForm): fc.Arbitrary<FormMutation> {
  const fieldIndex = fc.nat({ max: Math.max(valid.fields.length - 1, 0) });
  const fileIndex = fc.nat({ max: Math.max(valid.files.length - 1, 0) });
  const withFile =
    (index: number, change: (file: FilePart) => FilePart | null): FormMutation =>
    (form) => {
      if (!form.files[index]) return form;
      const changed = change(form.files[index]);
      return {
        ...form,
        files: changed ? form.files.map((file, n) => (n === index ? changed : file)) : form.files.filter((_, n) => n !== index),
      };
    };
  const choices: fc.Arbitrary<FormMutation>[] = [
    // a text field: another value, removed, sent twice, its name changed
    fc.tuple(fieldIndex, fieldValue).map(([index, value]): FormMutation => (form) => ({
      ...form,
      fields: form.fields.map((field, n) => (n === index ? [field[0], value] : field)),
    })),
    fieldIndex.map((index): FormMutation => (form) => ({ ...form, fields: form.fields.filter((_, n) => n !== index) })),
    fc.tuple(fieldIndex, fieldValue).map(
      ([index, value]): FormMutation =>
        (form) =>
          form.fields[index] ? { ...form, fields: [...form.fields, [form.fields[index][0], value]] } : form,
    ),
    fc.tuple(fieldIndex, oddName).map(([index, name]): FormMutation => (form) => ({
      ...form,
      fields: form.fields.map((field, n) => (n === index ? [name, field[1]] : field)),
    })),
    // an unknown field, or one the server owns
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom('rowVersion', 'serviceRequestId', 'contentDocumentId', 'fileName', 'sizeBytes', '__proto__', 'file'),
          oddName,
        ),
        fieldValue,
      )
      .map(([name, value]): FormMutation => (form) => ({ ...form, fields: [...form.fields, [name, value]] })),
    // the file part: its filename, content type, bytes or field name; removed, doubled, or sent without a filename (a text field)
    fc.tuple(fileIndex, oddName).map(([index, filename]) => withFile(index, (file) => ({ ...file, filename }))),
    fc.tuple(fileIndex, oddContentType).map(([index, contentType]) => withFile(index, (file) => ({ ...file, contentType }))),
    fc.tuple(fileIndex, oddBytes).map(([index, bytes]) => withFile(index, (file) => ({ ...file, bytes }))),
    fc.tuple(fileIndex, oddName).map(([index, name]) => withFile(index, (file) => ({ ...file, name }))),
    fileIndex.map((index) => withFile(index, () => null)),
    fileIndex.map(
      (index): FormMutation =>
        (form) =>
          form.files[index] ? { ...form, files: [...form.files, form.files[index]] } : form,
    ),
    fileIndex.map((index) => withFile(index, (file) => ({ ...file, filename: null }))),
  ];
  return fc.oneof(...choices);
}

/** Encodings of a form: mostly well formed, sometimes broken in the ways a cut connection or a confused client breaks them. */
function encoding(form: MultipartForm): fc.Arbitrary<MultipartRequest> {
  const good = multipartRequest(form);
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(good) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<MultipartRequest>(
        { bytes: good.bytes, contentType: 'multipart/form-data; boundary=not-the-one' },
        { bytes: good.bytes, contentType: 'multipart/form-data' },
        { bytes: good.bytes, contentType: `multipart/form-data; boundary="${BOUNDARY}"; charset=utf-8` },
        { bytes: good.bytes, contentType: `MULTIPART/FORM-DATA; BOUNDARY=${BOUNDARY}` },
        { bytes: good.bytes, contentType: `multipart/mixed; boundary=${BOUNDARY}` },
        { bytes: good.bytes.slice(0, good.bytes.byteLength - `--${BOUNDARY}--\r\n`.length), contentType: good.contentType },
        { bytes: encodeMultipart(form, 'x'.repeat(200)), contentType: `multipart/form-data; boundary=${'x'.repeat(200)}` },
        { bytes: new Uint8Array(), contentType: good.contentType },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.nat({ max: good.bytes.byteLength }).map((cut) => ({ bytes: good.bytes.slice(0, cut), contentType: good.contentType })),
    },
  );
}

/** Multipart requests around `valid`: one to three mutations of the form, then an encoding of it. */
export function formsAround(valid: MultipartForm): fc.Arbitrary<MultipartRequest> {
  return fc
    .array(formMutation(valid), { minLength: 1, maxLength: 3 })
    .map((mutations) => mutations.reduce((form, mutate) => mutate(form), valid))
    .chain(encoding);
}
