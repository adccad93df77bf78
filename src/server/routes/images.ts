import { and, eq, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { SURVEY_ATTACHMENTS_FOLDER, paths } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { SURVEY_FILE_NAME_PATTERN } from '../delivery-reports/rules';
import { visibleAttachmentFile } from '../delivery-reports/store';
import { ERROR_MESSAGES, errorResponse } from '../http/errors';
import { fileAnswer } from '../http/file-answer';
import { Id } from '../http/params';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { visibleAnd } from '../work-orders/rules';
import { READ, Text } from './work-orders/access';

/** images: the images base's files (spec 3 §7, spec 2 §7): work-order attachments and delivery-report photos. */

/** Serves an attachment's bytes when its request is one the user sees (images base, spec 3 §7). */
async function attachmentFile(c: Context, db: Database, session: Session, condition: SQL) {
  const [found] = await db
    .select({ data: t.serviceAttachments.data, contentType: t.serviceAttachments.contentType, sha256: t.serviceAttachments.sha256 })
    .from(t.serviceAttachments)
    .innerJoin(t.serviceRequests, eq(t.serviceRequests.id, t.serviceAttachments.serviceRequestId))
    .where(visibleAnd(session, condition));
  return storedFileResponse(c, found);
}

/** An imported attachment the source system kept no file of (docs/import.md, work-orders): listed, with no bytes. */
export const FILE_NOT_IMPORTED_MESSAGE = "This attachment's file was not brought over from the system it was imported from.";

/** The bytes of a stored attachment (service or survey), or 404 (also for a record imported without its file). */
function storedFileResponse(c: Context, found: { data: Uint8Array; contentType: string; sha256: string } | undefined) {
  if (!found) return errorResponse(404, ERROR_MESSAGES.notFound);
  if (found.data.byteLength === 0) return errorResponse(404, FILE_NOT_IMPORTED_MESSAGE);
  const file = { contentType: found.contentType, sha256: found.sha256, size: found.data.byteLength, read: () => found.data };
  return fileAnswer(c, file, {
    cacheControl: 'private, max-age=3600',
    contentDisposition: found.contentType === 'application/pdf' ? 'inline; filename="attachment.pdf"' : 'inline',
  });
}

export const imageRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.serviceAttachmentImage,
    summary: 'A work-order attachment’s or delivery-report photo’s file, by folder and file name',
    description:
      '`ServiceAttachments` for whoever may read the work order (isServiceViewer), `SurveyAttachments` for whoever may read the delivery report.',
    answer: { contentType: ['image/*', 'application/pdf'], etag: true, description: 'The file.' },
    errors: [403, 404],
    // One images base, one reader rule per folder: service attachments for service viewers (READ), survey
    // attachments (spec 2 §7) for whoever may read the delivery report (delivery-reports/store.ts).
    query: v.variant(
      'folder',
      [
        v.object({
          folder: v.literal('ServiceAttachments'),
          fileName: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,40}\.[a-z]{3}$/, 'Unknown file.')),
        }),
        v.object({
          folder: v.literal(SURVEY_ATTACHMENTS_FOLDER),
          fileName: v.pipe(v.string(), v.regex(SURVEY_FILE_NAME_PATTERN, 'Unknown file.')),
        }),
      ],
      'Unknown image folder.',
    ),
    handle: async ({ c, db, session, query }) => {
      if (query.folder === SURVEY_ATTACHMENTS_FOLDER) {
        const found = await visibleAttachmentFile(db, session, query.fileName);
        return found === 'forbidden' ? errorResponse(403, ERROR_MESSAGES.forbidden) : storedFileResponse(c, found);
      }
      if (!session.flags[READ.flag]) return errorResponse(403, ERROR_MESSAGES.forbidden);
      return attachmentFile(
        c,
        db,
        session,
        eq(t.serviceAttachments.contentDocumentId, query.fileName.slice(0, query.fileName.indexOf('.'))),
      );
    },
  }),
  route({
    method: 'GET',
    endpoint: paths.workOrderAttachmentImage,
    summary: 'A work-order attachment’s file',
    answer: { contentType: ['image/*', 'application/pdf'], etag: true, description: 'The file.' },
    errors: [404],
    ...READ,
    params: v.object({ workOrderId: Id, contentDocumentId: Text }),
    handle: ({ c, db, session, params }) =>
      attachmentFile(
        c,
        db,
        session,
        and(
          eq(t.serviceRequests.vantageWorkOrderId, params.workOrderId),
          eq(t.serviceAttachments.contentDocumentId, params.contentDocumentId),
        )!,
      ),
  }),
];
