import type { Context } from 'hono';
import * as v from 'valibot';
import { paths, toErrorBody } from '../../contract';
import { ImportReportAnswer } from '../../contract/import';
import { looksLikeApiKey, verifyApiKey } from '../auth/api-keys';
import type { AppDeps } from '../http/deps';
import { ERROR_MESSAGES, errorResponse, jsonResponse } from '../http/errors';
import { readBodyWithin } from '../http/body-limit';
import { routePattern, serverPath } from '../http/paths';
import type { RouteDefinition } from '../http/route';
import { ImportError } from '../import/errors';
import { IMPORT_KINDS } from '../import/kinds';
import { runImport, type ImportFormat, type ImportReport } from '../import/run-import';

/*
 * POST {api}/import/{kind}: the importer (docs/import.md) for upstream systems, authorised by an API key
 * (`homesite apikey create`), never by a user's sign-in. Not declared with route(): its caller is a key, not a
 * session, and its body is a file (raw, or the `file` field of a multipart form) rather than JSON.
 *
 * The body is read whole, up to IMPORT_MAX_BODY_BYTES, before the import starts: the import is one transaction, and
 * a client that sent its file slowly (or stalled) would otherwise hold a database connection — on the embedded
 * database the only one — for as long as it liked. Its chunks are then streamed through the importer as they came.
 */

/** The largest file the endpoint takes: about 250,000 homes as CSV. A larger one: split it, or use the command line. */
export const IMPORT_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Imports running at once in this process; another is answered 429 before its body is read. */
export const IMPORTS_AT_ONCE = 1;
const RETRY_AFTER_SECONDS = 10;

export const IMPORT_MESSAGES = {
  apiKeyRequired: 'This endpoint takes an API key (npx homesite apikey create), sent as Authorization: Bearer <key>.',
  unknownKind: (kind: string) => `Unknown kind "${kind}". The kinds are: ${Object.keys(IMPORT_KINDS).join(', ')}.`,
  bodyTooLarge: (limit: number) =>
    `The file is larger than ${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)} MB` : `${limit} bytes`}, the most this endpoint takes: split it.`,
  busy: 'Another import is running on this server: try again when it has finished.',
  formatUnknown: 'Which format is the file? Send ?format=csv or ?format=jsonl, or Content-Type text/csv or application/x-ndjson.',
  fileField: 'A multipart body needs the file in a field named "file".',
  unreadableForm: 'The multipart body could not be read.',
  emptyBody: 'The body is empty: send the file.',
} as const;

const booleanFlag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0', ''], 'Must be true or false.'),
    v.transform((value) => value === 'true' || value === '1'),
  ),
  'false',
);

export const ImportQuery = v.object({
  format: v.optional(v.picklist(['csv', 'jsonl'], 'Must be csv or jsonl.')),
  dryRun: booleanFlag,
  skipInvalid: booleanFlag,
  overwrite: booleanFlag,
});

const CONTENT_TYPE_FORMATS: Record<string, ImportFormat> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/x-jsonlines': 'jsonl',
  'application/jsonlines': 'jsonl',
};

const formatOfContentType = (contentType: string | undefined): ImportFormat | undefined =>
  CONTENT_TYPE_FORMATS[(contentType ?? '').split(';')[0]!.trim().toLowerCase()];

const formatOfFileName = (name: string): ImportFormat | undefined => {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  return undefined;
};

async function* fromChunks(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** The file of a multipart body and the format its name or type says, or the 400 answer. */
async function fileOfForm(chunks: Uint8Array[], contentType: string): Promise<{ chunks: Uint8Array[]; format?: ImportFormat } | Response> {
  let form: FormData;
  try {
    form = await new Response(new Blob(chunks as BlobPart[]), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return jsonResponse(400, { message: IMPORT_MESSAGES.unreadableForm, field: 'file' });
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) return jsonResponse(400, { message: IMPORT_MESSAGES.fileField, field: 'file' });
  const name = file instanceof File ? file.name : '';
  return { chunks: [new Uint8Array(await file.arrayBuffer())], format: formatOfFileName(name) ?? formatOfContentType(file.type) };
}

/** Statuses: 200 written (or a clean dry run), 422 rows refused and nothing written. */
const reportResponse = (report: ImportReport) => jsonResponse(report.refusedCount > 0 && !report.written ? 422 : 200, report);

export function importRoutesWith(limits: { maxBodyBytes: number; importsAtOnce: number }): RouteDefinition[] {
  const endpoint = paths.importKind.template;
  const path = serverPath(endpoint);
  let running = 0;

  const handler = async (c: Context, deps: AppDeps): Promise<Response> => {
    c.set('routePattern', path);
    c.set('bodyLimit', limits.maxBodyBytes);
    const credential = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!credential || !looksLikeApiKey(credential)) return errorResponse(401, IMPORT_MESSAGES.apiKeyRequired);
    const key = await verifyApiKey(deps.db, credential, deps.clock());
    if (!key) return errorResponse(401, ERROR_MESSAGES.unauthorized);

    const kind = c.req.param('kind') ?? '';
    if (!Object.hasOwn(IMPORT_KINDS, kind)) return errorResponse(404, IMPORT_MESSAGES.unknownKind(kind));
    const query = v.safeParse(ImportQuery, c.req.query());
    if (!query.success) return jsonResponse(400, toErrorBody(query.issues));

    const contentType = c.req.header('content-type') ?? '';
    const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
    let format = query.output.format ?? (multipart ? undefined : formatOfContentType(contentType));
    if (!format && !multipart) return errorResponse(400, IMPORT_MESSAGES.formatUnknown);
    if (Number(c.req.header('content-length') ?? 0) > limits.maxBodyBytes)
      return errorResponse(413, IMPORT_MESSAGES.bodyTooLarge(limits.maxBodyBytes));
    if (running >= limits.importsAtOnce) return errorResponse(429, IMPORT_MESSAGES.busy, { 'retry-after': String(RETRY_AFTER_SECONDS) });

    running += 1;
    try {
      let chunks = await readBodyWithin(c.req.raw, limits.maxBodyBytes);
      if (!chunks) return errorResponse(413, IMPORT_MESSAGES.bodyTooLarge(limits.maxBodyBytes));
      if (multipart) {
        const file = await fileOfForm(chunks, contentType);
        if (file instanceof Response) return file;
        chunks = file.chunks;
        format ??= file.format;
        if (!format) return errorResponse(400, IMPORT_MESSAGES.formatUnknown);
      }
      if (chunks.every((chunk) => chunk.byteLength === 0)) return errorResponse(400, IMPORT_MESSAGES.emptyBody);

      const metrics = deps.config.metrics;
      try {
        // No readFile: over HTTP there is no directory to take the files a row names from, so such rows are refused.
        const dryRun = query.output.dryRun;
        const report = await runImport(deps.db, kind, fromChunks(chunks), {
          format: format!,
          dryRun,
          skipInvalid: query.output.skipInvalid,
          overwrite: query.output.overwrite,
          numberStarts: deps.config.numberStarts,
          // The server gives up on it at the end of its shutdown grace period: it stops, and nothing of it commits.
          signal: deps.config.lifecycle?.givenUp,
          origin: {
            actor: { kind: 'api-key', name: key.name },
            clientAddress: c.get('clientAddress') ?? null,
            requestId: c.get('requestId') ?? null,
          },
        });
        metrics?.countImport(kind, report.written ? 'written' : report.refusedCount > 0 ? 'refused' : 'dry_run');
        return reportResponse(report);
      } catch (error) {
        metrics?.countImport(kind, 'failed');
        if (error instanceof ImportError) return errorResponse(400, error.message);
        throw error;
      }
    } finally {
      running -= 1;
    }
  };

  return [
    {
      method: 'POST',
      endpoint,
      path,
      doc: {
        summary: 'Import a file of one kind of data',
        description:
          'The importer of docs/import.md for upstream systems: one kind per file, CSV or JSON Lines, every row checked with the kind’s row schema (the `…ImportRow` schemas), all written in one transaction or none. The format comes from `format`, else the Content-Type, else (multipart) the file’s name. One import at a time per server.',
        auth: 'api-key',
        params: v.object({ kind: v.picklist(Object.keys(IMPORT_KINDS)) }),
        query: ImportQuery,
        rawBody: {
          description: `The file, at most ${Math.floor(limits.maxBodyBytes / 1024 / 1024)} MB: raw, or the \`file\` field of a multipart form. CSV: a header line of the kind’s column names, then one row per line. JSON Lines: one object per line, a row of the kind’s schema.`,
          content: {
            'text/csv': { schema: v.string() },
            'application/x-ndjson': { schema: v.union(Object.values(IMPORT_KINDS).map((kind) => kind.schema as v.GenericSchema)) },
            'multipart/form-data': { schema: v.object({ file: v.string() }) },
          },
        },
        idempotent: false,
        maxBodyBytes: limits.maxBodyBytes,
        answer: { schema: ImportReportAnswer, description: 'Written, or a dry run with no refusals: the report.' },
        errors: [
          { status: 404, description: 'No such kind.' },
          { status: 422, description: 'Rows were refused and nothing was written: the report lists them.', schema: ImportReportAnswer },
          { status: 429, description: 'Another import is running on this server: try again after Retry-After seconds.' },
        ],
      },
      mount: (app, deps) => {
        app.on('POST', routePattern(path), (c) => handler(c, deps));
      },
    },
  ];
}

export const importRoutes = importRoutesWith({ maxBodyBytes: IMPORT_MAX_BODY_BYTES, importsAtOnce: IMPORTS_AT_ONCE });
