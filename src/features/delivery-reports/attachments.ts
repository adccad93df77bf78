import * as v from 'valibot';
import {
  ATTACHMENT_DESCRIPTION_PATTERN,
  DELIVERY_MESSAGES,
  MAX_SURVEY_ATTACHMENT_BYTES,
  SURVEY_PDF_TYPE,
  type SurveyAttachmentInput,
} from '../../contract';
import type { AcceptedFile } from '../../lib/files';
import { compressImage, jpegFileName } from '../../lib/images';

/*
 * Survey attachments (spec 2 §2 side panel, §3 SurveyAttachment, §5 file types and description). Photos are made
 * smaller before they are kept (lib/images: long side 1600 px, JPEG 0.8): a tablet photo of 3–12 MB would otherwise
 * sit in the outbox as base64 and go over the homesite's weak connection. GIF and PDF are kept as they are.
 */

/** An attachment of a form not yet submitted, as the draft keeps it on the device. */
export interface DraftAttachment {
  id: string;
  fileName: string;
  contentType: string;
  description: string;
  amount: number;
  /** SHA-256 of the file as chosen: the same photo picked again is dropped (spec 2 §5). */
  hash: string;
  /** The bytes, as an ArrayBuffer (Blobs in IndexedDB fail on iOS Safari, offline/db.ts). */
  data: ArrayBuffer;
}

export interface PreparedAttachment {
  fileName: string;
  contentType: string;
  hash: string;
  data: ArrayBuffer;
}

export type PrepareResult = { ok: true; file: PreparedAttachment } | { ok: false; name: string; message: string };

/** A chosen file as it is kept: JPEG photos scaled and compressed, GIF and PDF as they are; refused above the server's limit. */
export async function prepareSurveyFile(accepted: AcceptedFile, compress: typeof compressImage = compressImage): Promise<PrepareResult> {
  const { file, hash, type } = accepted;
  let blob: Blob = file;
  let fileName = file.name || 'photo.jpg';
  let contentType: string = type;
  if (type === 'image/jpeg') {
    try {
      const image = await compress(file);
      blob = image.blob;
      contentType = image.type;
      if (image.converted) fileName = jpegFileName(fileName);
    } catch {
      return { ok: false, name: file.name, message: DELIVERY_MESSAGES.imageInvalid };
    }
  }
  if (blob.size > MAX_SURVEY_ATTACHMENT_BYTES) return { ok: false, name: file.name, message: DELIVERY_MESSAGES.imageTooLarge };
  return { ok: true, file: { fileName, contentType, hash, data: await blob.arrayBuffer() } };
}

/** spec 2 §5: letters, digits, comma, period, space; undefined when the description may be saved. */
export function descriptionError(description: string): string | undefined {
  return ATTACHMENT_DESCRIPTION_PATTERN.test(description.trim()) ? undefined : DELIVERY_MESSAGES.descriptionInvalid;
}

/** Base64 of the bytes without a data-URL prefix (the contract's base64Image), in chunks so a large photo does not overflow the call stack. */
export function toBase64(data: ArrayBuffer): string {
  const bytes = new Uint8Array(data);
  const chunks: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    chunks.push(String.fromCharCode(...bytes.subarray(offset, offset + 0x8000)));
  return btoa(chunks.join(''));
}

/** A kept attachment as the POST /DeliveryForm body carries it. */
export const attachmentInput = (attachment: DraftAttachment): SurveyAttachmentInput => ({
  imageFileName: attachment.fileName,
  base64Image: toBase64(attachment.data),
  description: attachment.description.trim(),
  amount: attachment.amount,
});

export const isPdf = (contentType: string) => contentType === SURVEY_PDF_TYPE;

/** Parses an amount typed in the panel: '' is 0; anything not a number of 0 or more is refused. */
export function parseAmount(text: string): { ok: true; amount: number } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (trimmed === '') return { ok: true, amount: 0 };
  const amount = Number(trimmed);
  const parsed = v.safeParse(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(9_999_999_999.99)), amount);
  return parsed.success ? { ok: true, amount: Math.round(amount * 100) / 100 } : { ok: false, message: DELIVERY_MESSAGES.amountInvalid };
}
