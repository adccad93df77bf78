import type { Context } from 'hono';
import * as v from 'valibot';
import { HelpDocument, HelpDocumentList, HelpDocumentParams, HelpFileQuery, paths, type HelpFileType } from '../../contract';
import { sanitizeHelpFileName } from '../../lib/help-files';
import type { Database } from '../db/client';
import {
  findHelpDocument,
  listHelpDocuments,
  readHelpBytes,
  readHelpCaptions,
  toHelpDocument,
  type HelpDocumentSummary,
} from '../help/documents';
import { isMediaRequestSignedIn } from '../help/media-session';
import { ERROR_MESSAGES, errorResponse } from '../http/errors';
import { contentDisposition, fileAnswer, type ByteRange } from '../http/file-answer';
import { route, type RouteEndpoint } from '../http/route';
import type { AnswerDoc } from '../http/route-doc';

const FileNameParams = v.object({ name: v.pipe(v.string(), v.maxLength(200)) });

const NOT_FOUND = { pdf: 'There is no such help document.', video: 'There is no such help video.' } as const;
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'video/mp4': 'mp4', 'video/webm': 'webm' };
// The file may be replaced under the same id: the browser keeps it but asks (cheaply, by ETag) before reuse.
const FILE_CACHE_CONTROL = 'private, no-cache';

/**
 * The bytes of a help document: inline or as a download, with an ETag (If-None-Match → 304) and
 * single byte ranges (Range → 206, outside the file → 416), so that a <video> element can seek.
 */
function helpFileAnswer(c: Context, db: Database, document: HelpDocumentSummary, disposition: 'inline' | 'attachment') {
  const fileName = `${sanitizeHelpFileName(document.displayName)}.${EXTENSIONS[document.contentType] ?? 'bin'}`;
  const file = {
    contentType: document.contentType,
    sha256: document.sha256,
    size: document.sizeBytes,
    read: (range?: ByteRange) => readHelpBytes(db, document.id, range),
  };
  return fileAnswer(c, file, {
    cacheControl: FILE_CACHE_CONTROL,
    contentDisposition: contentDisposition(disposition, fileName),
    ranges: true,
  });
}

function pdfRoute(endpoint: RouteEndpoint, disposition: 'inline' | 'attachment', summary: string) {
  return route({
    method: 'GET',
    endpoint,
    summary,
    description: '`name` is the document’s display name with special characters stripped; `documentId` names it.',
    answer: { contentType: 'application/pdf', etag: true, ranges: true, description: 'The PDF.' },
    errors: [404],
    params: FileNameParams,
    query: HelpFileQuery,
    handle: async ({ c, db, query }) => {
      const document = await findHelpDocument(db, query.documentId, 'pdf');
      if (!document) return errorResponse(404, NOT_FOUND.pdf);
      return helpFileAnswer(c, db, document, disposition);
    },
  });
}

/** Video and captions load from <video>/<track> elements: signed in by header or by the token cookie. */
function mediaRoute(
  endpoint: RouteEndpoint,
  answer: (c: Context, db: Database, id: number) => Promise<Response>,
  doc: { summary: string; answer: AnswerDoc },
) {
  return route({
    method: 'GET',
    endpoint,
    auth: 'none',
    docAuth: 'session-or-cookie',
    ...doc,
    description: 'Loaded by <video> and <track> elements, which send no Authorization header.',
    errors: [404],
    params: FileNameParams,
    query: HelpFileQuery,
    handle: async ({ c, db, deps, query }) => {
      if (!(await isMediaRequestSignedIn(c, db, deps.tokens))) return errorResponse(401, ERROR_MESSAGES.unauthorized);
      return answer(c, db, query.documentId);
    },
  });
}

async function videoAnswer(c: Context, db: Database, id: number) {
  const document = await findHelpDocument(db, id, 'video' satisfies HelpFileType);
  if (!document) return errorResponse(404, NOT_FOUND.video);
  return helpFileAnswer(c, db, document, 'inline');
}

async function captionsAnswer(_c: Context, db: Database, id: number) {
  const captions = await readHelpCaptions(db, id);
  if (captions === undefined) return errorResponse(404, NOT_FOUND.video);
  if (captions === null) return errorResponse(404, 'This video has no captions.');
  return new Response(captions, { headers: { 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': FILE_CACHE_CONTROL } });
}

/** help: the Help library of spec 1 §2 Help and the calls of §7. Every signed-in user may read it. */
export const helpRoutes = [
  route({
    method: 'GET',
    endpoint: paths.helpDocuments,
    summary: 'The help documents and videos',
    answer: HelpDocumentList,
    handle: async ({ c, db }) => c.json((await listHelpDocuments(db)).map(toHelpDocument)),
  }),

  route({
    method: 'GET',
    endpoint: paths.helpDocument,
    summary: 'One help document',
    answer: HelpDocument,
    errors: [404],
    params: HelpDocumentParams,
    handle: async ({ c, db, params }) => {
      const document = await findHelpDocument(db, params.documentId);
      if (!document) return errorResponse(404, NOT_FOUND.pdf);
      return c.json(toHelpDocument(document));
    },
  }),

  pdfRoute(paths.helpPdf, 'inline', 'A help document’s PDF, to show'),
  pdfRoute(paths.helpPdfDownload, 'attachment', 'A help document’s PDF, to download'),
  mediaRoute(paths.helpVideo, videoAnswer, {
    summary: 'A help video',
    answer: { contentType: 'video/mp4', etag: true, ranges: true, description: 'The video (MP4 or WebM, as uploaded).' },
  }),
  mediaRoute(paths.helpVideoCaptions, captionsAnswer, {
    summary: 'The captions of a help video',
    answer: { contentType: 'text/vtt', schema: v.string(), description: 'WebVTT captions.' },
  }),
];
