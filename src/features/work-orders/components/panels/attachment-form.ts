import * as v from 'valibot';
import { ATTACHMENT_TYPES, AttachmentFields, MAX_ATTACHMENT_BYTES, WORK_ORDER_MESSAGES } from '../../../../contract';
import type { AcceptedFile } from '../../../../lib/files';
import { compressImage, jpegFileName } from '../../../../lib/images';
import type { AttachmentInput } from '../../api/calls';
import type { ServiceAttachmentView } from '../../model';
import { issuesByField, numberToText, textToNumber } from './form-values';

export interface AttachmentValues {
  attachmentType: '1' | '2';
  description: string;
  amount: string;
}

export type AttachmentField = keyof AttachmentValues;

export const ATTACHMENT_LABELS: Record<AttachmentField, string> = {
  attachmentType: 'Attachment type',
  description: 'Description',
  amount: 'Amount',
};
export const ATTACHMENT_FIELDS = Object.keys(ATTACHMENT_LABELS) as AttachmentField[];

/** spec 3 §3: Service Issue = 1, Receipt/Invoice = 2. */
export const ATTACHMENT_TYPE_OPTIONS = [
  { value: '1', label: ATTACHMENT_TYPES[1] },
  { value: '2', label: ATTACHMENT_TYPES[2] },
] as const;

export function attachmentValues(attachment?: ServiceAttachmentView): AttachmentValues {
  if (!attachment) return { attachmentType: '1', description: '', amount: '' };
  return {
    attachmentType: attachment.attachmentType === 2 ? '2' : '1',
    description: attachment.description,
    amount: attachment.amount ? numberToText(attachment.amount) : '',
  };
}

export type AttachmentCheck = { ok: true; fields: AttachmentInput } | { ok: false; issues: Partial<Record<AttachmentField, string>> };

/** The attachment's fields against the contract's schema (the server's). */
export function checkAttachment(values: AttachmentValues): AttachmentCheck {
  const amount = textToNumber(values.amount);
  if (amount !== null && (Number.isNaN(amount) || amount < 0)) return { ok: false, issues: { amount: WORK_ORDER_MESSAGES.numberInvalid } };
  const parsed = v.safeParse(AttachmentFields, {
    attachmentType: values.attachmentType,
    description: values.description,
    amount: amount ?? 0,
  });
  if (!parsed.success) {
    const issues: Partial<Record<AttachmentField, string>> = {};
    for (const [name, message] of Object.entries(issuesByField(parsed.issues))) {
      if (name in ATTACHMENT_LABELS) issues[name as AttachmentField] ??= message;
    }
    return { ok: false, issues };
  }
  return {
    ok: true,
    fields: {
      attachmentType: parsed.output.attachmentType === 2 ? 2 : 1,
      description: parsed.output.description,
      amount: parsed.output.amount,
    },
  };
}

/** A file chosen for upload, as it will be stored: photos scaled and re-encoded, PDFs as they are. */
export interface PreparedFile {
  blob: Blob;
  name: string;
  type: string;
  /** SHA-256 of the file as chosen (so the same photo picked again is recognised). */
  hash: string;
}

export type PreparedResult = { ok: true; file: PreparedFile } | { ok: false; name: string; message: string };

/** The outbox stores a file with its Blob type: a camera's file may come without one. */
const typed = (blob: Blob, type: string) => (blob.type === type ? blob : new Blob([blob], { type }));

/** spec 1 §5 + the server's limit: a photo is compressed (src/lib/images), then any file must fit MAX_ATTACHMENT_BYTES. */
export async function prepareAttachmentFile(
  accepted: AcceptedFile,
  compress: typeof compressImage = compressImage,
): Promise<PreparedResult> {
  const { file, hash, type } = accepted;
  let prepared: PreparedFile = { blob: typed(file, type), name: file.name || 'attachment', type, hash };
  if (type !== 'application/pdf') {
    try {
      const image = await compress(file);
      prepared = {
        blob: typed(image.blob, image.type),
        name: image.converted ? jpegFileName(file.name || 'photo') : file.name || 'photo.jpg',
        type: image.type,
        hash,
      };
    } catch {
      return { ok: false, name: file.name, message: WORK_ORDER_MESSAGES.fileTypeRefused };
    }
  }
  if (prepared.blob.size > MAX_ATTACHMENT_BYTES) return { ok: false, name: file.name, message: WORK_ORDER_MESSAGES.fileTooLarge };
  return { ok: true, file: prepared };
}
