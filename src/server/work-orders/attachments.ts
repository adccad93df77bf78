import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  AttachmentFields,
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  MAX_FILE_NAME_LENGTH,
  WORK_ORDER_MESSAGES,
  toErrorBody,
} from '../../contract';
import { detectFileType } from '../../lib/files';
import { errorResponse, jsonResponse } from '../http/errors';

export type AttachmentContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes are (their signature, never the declared type): the UI kit's check plus PNG, which cameras and screenshots produce. */
export function attachmentContentType(bytes: Uint8Array): AttachmentContentType | null {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'image/png';
  return detectFileType(bytes);
}

/** Multipart overhead allowed on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The largest upload taken: the file and its form (the route's body limit). */
export const MAX_ATTACHMENT_UPLOAD_BYTES = MAX_ATTACHMENT_BYTES + FORM_OVERHEAD_BYTES;

export interface UploadedAttachment {
  fields: AttachmentFields;
  fileName: string;
  contentType: AttachmentContentType;
  bytes: Uint8Array;
  sha256: string;
}

/** Reads a multipart upload: `file` plus the attachment fields. Answers the refusal (400, 413) instead when it is not acceptable. */
export async function readAttachmentUpload(c: Context): Promise<UploadedAttachment | Response> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_ATTACHMENT_UPLOAD_BYTES) return errorResponse(413, WORK_ORDER_MESSAGES.fileTooLarge);
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return jsonResponse(400, { message: WORK_ORDER_MESSAGES.fileRequired, field: 'file' });
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    return jsonResponse(400, { message: WORK_ORDER_MESSAGES.fileRequired, field: 'file' });
  }
  const file = form.file;
  if (!(file instanceof File)) return jsonResponse(400, { message: WORK_ORDER_MESSAGES.fileRequired, field: 'file' });
  // A multipart body does not pass the route's check of JSON inputs: the one rule of issue 14 applies to the file's name too.
  if (CONTROL_CHARACTERS.test(file.name)) return jsonResponse(400, { message: CONTROL_CHARACTERS_MESSAGE, field: 'file' });
  if (file.name.length > MAX_FILE_NAME_LENGTH) return jsonResponse(400, { message: WORK_ORDER_MESSAGES.fileNameTooLong, field: 'file' });
  if (file.size > MAX_ATTACHMENT_BYTES) return errorResponse(413, WORK_ORDER_MESSAGES.fileTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = attachmentContentType(bytes);
  if (!contentType) return jsonResponse(400, { message: WORK_ORDER_MESSAGES.fileTypeRefused, field: 'file' });

  const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
  const parsed = v.safeParse(AttachmentFields, {
    attachmentType: text('attachmentType'),
    description: text('description'),
    amount: text('amount'),
  });
  if (!parsed.success) return jsonResponse(400, toErrorBody(parsed.issues));
  return {
    fields: parsed.output,
    fileName: file.name || 'attachment',
    contentType,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** A content document id in the style of the service system's ('069' and 15 hex digits). */
export const newContentDocumentId = () => `069${randomBytes(8).toString('hex').slice(0, 15).toUpperCase()}`;
