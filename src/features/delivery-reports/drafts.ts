import { getOffline } from '../../offline/runtime';
import type { DraftAttachment } from './attachments';
import { DELIVERY_CACHE_KINDS } from './api/keys';
import type { Answers } from './form-rules';

/*
 * issue 12 §5: a form being filled in at the homesite (answers and photos) is kept on the device as it changes, so a
 * reload, a closed tab or a flat battery loses nothing. It lives with the kept copies (offline/cached-read), so it
 * goes with them at logout. It is kept until the server has the report: a queued submit the server refuses (say, the
 * question set changed meanwhile) can be discarded and the form opened again with its answers and photos.
 */

export interface DeliveryDraft {
  answers: Answers;
  attachments: DraftAttachment[];
}

const draftId = (scope: string, plantNumber: string, serialNumber: string) => `${scope}|${plantNumber}/${serialNumber}`;

export async function readDraft(scope: string, plantNumber: string, serialNumber: string): Promise<DeliveryDraft | undefined> {
  const { db } = getOffline();
  const row = await db.withReopen(() => db.entities.get([DELIVERY_CACHE_KINDS.draft, draftId(scope, plantNumber, serialNumber)]));
  return row?.data as DeliveryDraft | undefined;
}

export async function saveDraft(scope: string, plantNumber: string, serialNumber: string, draft: DeliveryDraft): Promise<void> {
  const { db } = getOffline();
  const row = { kind: DELIVERY_CACHE_KINDS.draft, id: draftId(scope, plantNumber, serialNumber), data: draft, updatedAt: Date.now() };
  await db.withReopen(() => db.entities.put(row));
}

export async function removeDraft(scope: string, plantNumber: string, serialNumber: string): Promise<void> {
  const { db } = getOffline();
  await db.withReopen(() => db.entities.delete([DELIVERY_CACHE_KINDS.draft, draftId(scope, plantNumber, serialNumber)]));
}

/** Every user's draft of a home (the server has its report now, whoever sent it from this device). */
export async function removeDraftsOfHome(plantNumber: string, serialNumber: string): Promise<void> {
  const suffix = `|${plantNumber}/${serialNumber}`;
  const { db } = getOffline();
  await db.withReopen(() =>
    db.entities
      .where('kind')
      .equals(DELIVERY_CACHE_KINDS.draft)
      .and((row) => String(row.id).endsWith(suffix))
      .delete(),
  );
}
