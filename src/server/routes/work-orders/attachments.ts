import { and, eq, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { AttachmentFields, MAX_ATTACHMENT_BYTES, PlantNumber, RowVersion, paths } from '../../../contract';
import * as t from '../../db/schema';
import { Id } from '../../http/params';
import { route, type RouteDefinition, type RouteEndpoint } from '../../http/route';
import type { RawBodyDoc } from '../../http/route-doc';
import { staleRecordResponse, updateIfCurrent } from '../../http/row-version';
import { MAX_ATTACHMENT_UPLOAD_BYTES, newContentDocumentId, readAttachmentUpload } from '../../work-orders/attachments';
import { attachmentColumns, byRequestId, byWorkOrderId, toAttachment, type RequestRow } from '../../work-orders/store';
import {
  SubRecordAnswers,
  Text,
  WRITE,
  editableRequest,
  itemNotFound,
  requestNotFound,
  WorkOrderParams,
  type WriteContext,
} from './access';

/** work-orders: photos and receipts of a request (spec 3 §3 Service attachment); their bytes are served by the images base (routes/images.ts). */

const AttachmentUpdate = v.object({
  ...AttachmentFields.entries,
  rowVersion: v.pipe(v.union([v.number(), v.string()]), v.transform(Number), RowVersion),
});

interface AttachmentRouteShape {
  collection: RouteEndpoint;
  item: RouteEndpoint;
  params: v.GenericSchema<unknown, Record<string, string | number>>;
  itemParams: v.GenericSchema<unknown, Record<string, string | number>>;
  find: (values: Record<string, string | number>) => SQL;
  matches: (row: RequestRow, values: Record<string, string | number>) => boolean;
  attachment: (row: RequestRow, values: Record<string, string | number>) => SQL | undefined;
  /** Whose attachments: "a service request", "a work order". */
  of: string;
}

/** The upload the handler reads itself (work-orders/attachments.ts readAttachmentUpload). */
const UPLOAD: RawBodyDoc = {
  description: `A multipart form: \`file\` (a photo or a PDF, at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; its type is read from its bytes) and the attachment’s fields.`,
  content: { 'multipart/form-data': { schema: v.object({ file: v.string(), ...v.omit(AttachmentFields, ['rowVersion']).entries }) } },
};

function attachmentRoutesAt(shape: AttachmentRouteShape): RouteDefinition[] {
  const resolve = async (ctx: WriteContext, values: Record<string, string | number>) => {
    const row = await editableRequest(ctx, shape.find(values));
    if (row instanceof Response) return row;
    return shape.matches(row, values) ? row : requestNotFound();
  };
  return [
    route({
      method: 'POST',
      endpoint: shape.collection,
      summary: `Attach a photo or receipt to ${shape.of}`,
      rawBody: UPLOAD,
      maxBodyBytes: MAX_ATTACHMENT_UPLOAD_BYTES,
      answer: { status: 201, schema: SubRecordAnswers.attachment },
      errors: [404, 409],
      ...WRITE,
      params: shape.params,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const upload = await readAttachmentUpload(c);
        if (upload instanceof Response) return upload;
        const [attachment] = await db
          .insert(t.serviceAttachments)
          .values({
            serviceRequestId: row.id,
            contentDocumentId: newContentDocumentId(),
            attachmentType: upload.fields.attachmentType,
            description: upload.fields.description,
            amount: upload.fields.amount,
            fileName: upload.fileName,
            contentType: upload.contentType,
            sizeBytes: upload.bytes.byteLength,
            sha256: upload.sha256,
            data: upload.bytes,
          })
          .returning(attachmentColumns);
        return c.json(toAttachment(attachment!, row), 201);
      },
    }),
    route({
      method: 'PUT',
      endpoint: shape.item,
      summary: `Update an attachment’s type, description and amount, of ${shape.of}`,
      answer: SubRecordAnswers.attachment,
      errors: [404, 409],
      ...WRITE,
      params: shape.itemParams,
      body: AttachmentUpdate,
      handle: async ({ c, db, session, params, body }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const [existing] = await db.select(attachmentColumns).from(t.serviceAttachments).where(shape.attachment(row, params));
        if (!existing) return itemNotFound();
        const { rowVersion, ...fields } = body;
        const written = await updateIfCurrent(db, t.serviceAttachments, eq(t.serviceAttachments.id, existing.id), rowVersion, fields);
        if (written === 0) return staleRecordResponse(toAttachment(existing, row));
        const [attachment] = await db.select(attachmentColumns).from(t.serviceAttachments).where(eq(t.serviceAttachments.id, existing.id));
        return c.json(toAttachment(attachment!, row));
      },
    }),
    route({
      method: 'DELETE',
      endpoint: shape.item,
      summary: `Remove an attachment of ${shape.of}`,
      answer: { status: 204 },
      errors: [404, 409],
      ...WRITE,
      params: shape.itemParams,
      handle: async ({ c, db, session, params }) => {
        const row = await resolve({ c, db, session }, params);
        if (row instanceof Response) return row;
        const removed = await db
          .delete(t.serviceAttachments)
          .where(shape.attachment(row, params))
          .returning({ id: t.serviceAttachments.id });
        return removed.length === 0 ? itemNotFound() : c.body(null, 204);
      },
    }),
  ];
}

const StagedAttachmentsParams = v.object({ plantNumber: PlantNumber, serviceRequestNumber: Text, serviceRequestId: Id });
const StagedAttachmentParams = v.object({ serviceRequestId: Id, plantNumber: PlantNumber, serviceRequestNumber: Text, attachmentId: Id });
const WorkOrderAttachmentParams = v.object({ workOrderId: Id, contentDocumentId: Text });

const num = (value: string | number | undefined) => Number(value);
const sameRequestNumber = (row: RequestRow, values: Record<string, string | number>) =>
  row.plantNumber === values.plantNumber && row.serviceRequestNumber === values.serviceRequestNumber;

export const attachmentRoutes: readonly RouteDefinition[] = [
  ...attachmentRoutesAt({
    collection: paths.serviceAttachments,
    item: paths.serviceAttachment,
    params: StagedAttachmentsParams,
    itemParams: StagedAttachmentParams,
    find: (values) => byRequestId(num(values.serviceRequestId)),
    matches: sameRequestNumber,
    of: 'a service request',
    attachment: (row, values) =>
      and(eq(t.serviceAttachments.id, num(values.attachmentId)), eq(t.serviceAttachments.serviceRequestId, row.id)),
  }),
  ...attachmentRoutesAt({
    collection: paths.workOrderAttachments,
    item: paths.workOrderAttachment,
    params: WorkOrderParams,
    itemParams: WorkOrderAttachmentParams,
    find: (values) => byWorkOrderId(num(values.workOrderId)),
    matches: () => true,
    of: 'a work order',
    attachment: (row, values) =>
      and(eq(t.serviceAttachments.contentDocumentId, String(values.contentDocumentId)), eq(t.serviceAttachments.serviceRequestId, row.id)),
  }),
];
