/**
 * Parts catalog admin and change management (spec 3 §2, §4, §5, §7; issue 13): the rules the server keeps, and the
 * ones decided here where the spec is silent.
 *
 * - Who: plant users (Plant_User) change the catalogs of their facilities (submit, add, remove) and read a part's
 *   change request; change managers (Parts_Catalog_Change_Admin) review every plant's requests (the pending list
 *   has a Plant column), read the history and revert. Anyone else: 403.
 * - A part is one row per version (schema partsCatalog): the approved one, a pending change, older inactive ones,
 *   all sharing the part's key (plant, category, commodity, part and sub-part numbers).
 * - Submitting a change makes a pending row, or rewords the pending row the part already has; every new pending row
 *   opens a change history row (approved null), whose previous part is the approved version it would replace.
 * - Approving makes the pending row approved and every other active version of the part inactive; declining makes
 *   the pending row inactive. Either closes the history row with the reviewer, the date and the comment.
 * - Removing takes every active version of the part out of the plant's catalog (inactive); a pending request of it
 *   is closed as declined, saying so in its comment. The part becomes one the plant may add again.
 * - Reverting (spec 3 §4) marks the history row reverted and, since the requested part is pending again, opens a
 *   new pending history row for it: the request goes back to the pending list.
 * Every change of a row is stamped by the parts_catalog triggers, so the approved catalog's delta sync carries it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  CATALOG_ADMIN_MESSAGES,
  MAX_CATALOG_IMAGE_BYTES,
  PARTS_CATALOG_MESSAGES,
  changeHistoryStatus,
  combinedPartNumberOf,
  partDescription,
  revertBlockingMessage,
  revertEffectOf,
  type CatalogChangeRequest,
  type CatalogPart,
  type CatalogPartSubmitted,
  type ChangeHistoryItem,
  type ChangeResult,
  type NotInCatalogPart,
} from '../../contract';
import { hasRole } from '../../lib/permissions';
import { imageTypeOf, type ImageType } from '../../lib/images';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { catalogRows, toCatalogPart } from './catalog';

type PartRow = typeof t.partsCatalog.$inferSelect;
type PartKey = Pick<PartRow, 'plantNumber' | 'categoryNumber' | 'commodityNumber' | 'partNumber' | 'subPartNumber'>;
type HistoryRow = typeof t.partsCatalogHistory.$inferSelect;

/** A refusal the route answers as it is: 400 (the rule's message), 403 or 404. */
export class CatalogRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

export const isChangeManager = (session: Session) => hasRole(session.user, 'Parts_Catalog_Change_Admin');

/** A plant user whose facilities include `plantNumber` (spec 3 §6: plant users are restricted to their facilities). */
export const ownsPlant = (session: Session, plantNumber: string) =>
  session.user.isPlantUser && session.user.availablePlants.some((plant) => plant.plantNumber === plantNumber);

/** The rows of one part of one plant, whatever their version. */
const samePart = (part: PartKey) =>
  and(
    eq(t.partsCatalog.plantNumber, part.plantNumber),
    eq(t.partsCatalog.categoryNumber, part.categoryNumber),
    eq(t.partsCatalog.commodityNumber, part.commodityNumber),
    eq(t.partsCatalog.partNumber, part.partNumber),
    eq(t.partsCatalog.subPartNumber, part.subPartNumber),
  );

const isPending = and(eq(t.partsCatalog.active, true), eq(t.partsCatalog.approved, false));
const isApprovedAndActive = and(eq(t.partsCatalog.active, true), eq(t.partsCatalog.approved, true));

async function partsWhere(db: Database, condition: SQL | undefined, order: SQL[] = [asc(t.partsCatalog.id)]): Promise<CatalogPart[]> {
  const rows = await catalogRows(db, condition).orderBy(...order);
  return rows.map(({ part, categoryDescription, commodityDescription }) => toCatalogPart(part, categoryDescription, commodityDescription));
}

async function partById(db: Database, partsCatalogId: number): Promise<CatalogPart | null> {
  return (await partsWhere(db, eq(t.partsCatalog.id, partsCatalogId)))[0] ?? null;
}

async function rowById(db: Database, partsCatalogId: number, lock = false): Promise<PartRow> {
  // A write locks the part's row first: two reviews (or a review and a removal) of one part at once take turns.
  const query = db.select().from(t.partsCatalog).where(eq(t.partsCatalog.id, partsCatalogId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new CatalogRefusal(404, CATALOG_ADMIN_MESSAGES.partNotFound);
  return row;
}

/** The open (not yet reviewed) history row of a pending part. */
async function openRequestOf(db: Database, partsCatalogId: number): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(t.partsCatalogHistory)
    .where(and(eq(t.partsCatalogHistory.requestedPartsCatalogId, partsCatalogId), isNull(t.partsCatalogHistory.approved)))
    .orderBy(desc(t.partsCatalogHistory.id))
    .limit(1);
  return row;
}

/** The approved, active version of a part, other than `exceptId`. */
async function approvedVersionOf(db: Database, part: PartKey, exceptId?: number): Promise<PartRow | undefined> {
  const [row] = await db
    .select()
    .from(t.partsCatalog)
    .where(and(samePart(part), isApprovedAndActive, exceptId === undefined ? undefined : ne(t.partsCatalog.id, exceptId)))
    .orderBy(desc(t.partsCatalog.id))
    .limit(1);
  return row;
}

/** GET /PartsCatalog/GetPendingParts: every plant's pending parts, newest request first. */
export const pendingParts = (db: Database) => partsWhere(db, isPending, [desc(t.partsCatalog.createDate), desc(t.partsCatalog.id)]);

/** GET /PartsCatalog/GetChangeRequest?partsCatalogId: the part (pending or not) beside its approved version and its latest review. */
export async function changeRequestOf(db: Database, session: Session, partsCatalogId: number): Promise<CatalogChangeRequest> {
  const row = await rowById(db, partsCatalogId);
  if (!ownsPlant(session, row.plantNumber) && !isChangeManager(session))
    throw new CatalogRefusal(403, PARTS_CATALOG_MESSAGES.plantNotYours);
  const approved = await approvedVersionOf(db, row, row.id);
  const [latest] = await db
    .select({ comment: t.partsCatalogHistory.comment })
    .from(t.partsCatalogHistory)
    .where(eq(t.partsCatalogHistory.requestedPartsCatalogId, row.id))
    .orderBy(desc(t.partsCatalogHistory.id))
    .limit(1);
  return {
    approvedPart: approved ? await partById(db, approved.id) : null,
    pendingPart: (await partById(db, row.id))!,
    isApproved: row.approved,
    comment: latest?.comment ?? '',
  };
}

/** A catalog image checked by its content (JPEG, PNG or GIF) and size, stored under a new unique name. */
async function storeImage(db: Database, base64: string, part: { plantNumber: string; combinedPartNumber: string }): Promise<string> {
  if (base64.length % 4 !== 0) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.imageInvalid);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.byteLength > MAX_CATALOG_IMAGE_BYTES) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.imageTooLarge);
  const contentType = bytes.byteLength > 0 ? imageTypeOf(bytes) : null;
  if (!contentType) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.imageInvalid);
  const extension: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };
  // A new name for every upload: the served images are cached for a week under their name.
  const fileName = `plant-${part.plantNumber}-${part.combinedPartNumber}-${randomBytes(8).toString('hex')}.${extension[contentType]}`;
  await db.insert(t.catalogImages).values({ fileName, contentType, sha256: createHash('sha256').update(bytes).digest('hex'), data: bytes });
  return fileName;
}

export interface Submission {
  plantNumber: string;
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  subPartNumber: string;
  friendlyDescription: string;
  notes: string;
  base64Image?: string | null | undefined;
}

/** POST /PartsCatalog: creates the part's pending version, or rewords the one it has (spec 3 §4). */
export async function submitPart(db: Database, session: Session, input: Submission, now: Date): Promise<CatalogPartSubmitted> {
  const [corporate] = await db
    .select()
    .from(t.corporateParts)
    .where(
      and(
        eq(t.corporateParts.categoryNumber, input.categoryNumber),
        eq(t.corporateParts.commodityNumber, input.commodityNumber),
        eq(t.corporateParts.partNumber, input.partNumber),
        eq(t.corporateParts.subPartNumber, input.subPartNumber),
      ),
    )
    // Two first submissions of one part at once take turns, so that the second rewords the first's pending row.
    .for('update');
  if (!corporate) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.notCorporatePart);
  const key: PartKey = { ...corporate, plantNumber: input.plantNumber };
  const combinedPartNumber = combinedPartNumberOf(corporate);
  const imageFilename = input.base64Image
    ? await storeImage(db, input.base64Image, { plantNumber: input.plantNumber, combinedPartNumber })
    : undefined;
  const userName = session.user.userName;

  const [pending] = await db
    .select()
    .from(t.partsCatalog)
    .where(and(samePart(key), isPending))
    .orderBy(desc(t.partsCatalog.id))
    .limit(1);
  const approved = await approvedVersionOf(db, key);
  let saved: PartRow | undefined;
  if (pending) {
    [saved] = await db
      .update(t.partsCatalog)
      .set({
        friendlyDescription: input.friendlyDescription,
        notes: input.notes,
        ...(imageFilename ? { imageFilename } : {}),
        createdBy: userName,
        createDate: now,
      })
      .where(eq(t.partsCatalog.id, pending.id))
      .returning();
    const open = await openRequestOf(db, pending.id);
    if (open) {
      await db
        .update(t.partsCatalogHistory)
        .set({
          requestDate: now,
          requestedByUser: userName,
          requestedByUserId: session.user.cmhUserId,
          previousPartsCatalogId: approved?.id ?? null,
          rowVersion: sql`${t.partsCatalogHistory.rowVersion} + 1`,
        })
        .where(eq(t.partsCatalogHistory.id, open.id));
    } else {
      await openRequest(db, session, saved!, approved?.id ?? null, now);
    }
  } else {
    [saved] = await db
      .insert(t.partsCatalog)
      .values({
        plantNumber: input.plantNumber,
        categoryNumber: corporate.categoryNumber,
        commodityNumber: corporate.commodityNumber,
        partNumber: corporate.partNumber,
        subPartNumber: corporate.subPartNumber,
        subPartDescription: corporate.subPartDescription,
        notes: input.notes,
        friendlyDescription: input.friendlyDescription,
        corporateDescription: corporate.corporateDescription,
        unitOfMeasure: corporate.unitOfMeasure,
        // A change without a new picture keeps the approved version's.
        imageFilename: imageFilename ?? approved?.imageFilename ?? '',
        approved: false,
        active: true,
        createdBy: userName,
        createDate: now,
      })
      .returning();
    await openRequest(db, session, saved!, approved?.id ?? null, now);
  }
  return {
    combinedPartNumber,
    partsCatalogId: saved!.id,
    friendlyDescription: saved!.friendlyDescription,
    imageFilename: saved!.imageFilename,
    approved: saved!.approved,
  };
}

async function openRequest(db: Database, session: Session, part: PartRow, previousId: number | null, now: Date) {
  await db.insert(t.partsCatalogHistory).values({
    requestedPartsCatalogId: part.id,
    previousPartsCatalogId: previousId,
    plantNumber: part.plantNumber,
    requestedByUserId: session.user.cmhUserId,
    requestedByUser: session.user.userName,
    requestDate: now,
  });
}

export interface Decision {
  partsCatalogId: number;
  friendlyDescription: string;
  isApproved: boolean;
  comment: string;
}

/** POST /PartsCatalog/UpdateChangeRequest: approve (the pending version becomes the part) or decline (spec 3 §4). */
export async function decideChangeRequest(db: Database, session: Session, decision: Decision, now: Date): Promise<CatalogPart> {
  const row = await rowById(db, decision.partsCatalogId, true);
  if (!(row.active && !row.approved)) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.notPending);
  const previous = decision.isApproved ? await approvedVersionOf(db, row, row.id) : undefined;
  if (decision.isApproved) {
    await db
      .update(t.partsCatalog)
      .set({ active: false })
      .where(and(samePart(row), eq(t.partsCatalog.active, true), ne(t.partsCatalog.id, row.id)));
    await db
      .update(t.partsCatalog)
      .set({ approved: true, friendlyDescription: decision.friendlyDescription })
      .where(eq(t.partsCatalog.id, row.id));
  } else {
    await db.update(t.partsCatalog).set({ active: false }).where(eq(t.partsCatalog.id, row.id));
  }
  const review = {
    approved: decision.isApproved,
    comment: decision.comment,
    reviewedBy: session.user.userName,
    reviewedByUserId: session.user.cmhUserId,
    reviewDate: now,
    rowVersion: sql`${t.partsCatalogHistory.rowVersion} + 1`,
  };
  const open = await openRequestOf(db, row.id);
  if (open) {
    await db
      .update(t.partsCatalogHistory)
      .set({ ...review, ...(decision.isApproved ? { previousPartsCatalogId: previous?.id ?? null } : {}) })
      .where(eq(t.partsCatalogHistory.id, open.id));
  } else {
    // A pending part with no request on record (made outside this flow) still leaves its review in the history.
    await db.insert(t.partsCatalogHistory).values({
      requestedPartsCatalogId: row.id,
      previousPartsCatalogId: previous?.id ?? null,
      plantNumber: row.plantNumber,
      requestedByUser: row.createdBy,
      requestDate: row.createDate,
      ...review,
      rowVersion: 1,
    });
  }
  return (await partById(db, row.id))!;
}

/** POST /PartsCatalog/RemovePartDescription: the part leaves the plant's catalog (every active version inactive). */
export async function removePart(db: Database, session: Session, partsCatalogId: number, now: Date): Promise<CatalogPart> {
  const row = await rowById(db, partsCatalogId, true);
  if (!ownsPlant(session, row.plantNumber)) throw new CatalogRefusal(403, PARTS_CATALOG_MESSAGES.plantNotYours);
  const active = await db
    .select()
    .from(t.partsCatalog)
    .where(and(samePart(row), eq(t.partsCatalog.active, true)));
  if (active.length === 0) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.alreadyRemoved);
  await db
    .update(t.partsCatalog)
    .set({ active: false })
    .where(and(samePart(row), eq(t.partsCatalog.active, true)));
  for (const version of active.filter((part) => !part.approved)) {
    const open = await openRequestOf(db, version.id);
    if (!open) continue;
    await db
      .update(t.partsCatalogHistory)
      .set({
        approved: false,
        reviewedBy: session.user.userName,
        reviewedByUserId: session.user.cmhUserId,
        reviewDate: now,
        comment: `Part removed from the catalog of plant ${row.plantNumber}.`,
        rowVersion: sql`${t.partsCatalogHistory.rowVersion} + 1`,
      })
      .where(eq(t.partsCatalogHistory.id, open.id));
  }
  return (await partById(db, row.id))!;
}

/** GET /PartsCatalog/GetPartsNotInCatalog: the corporate parts of a commodity that the plant's catalog does not hold (active). */
export async function partsNotInCatalog(
  db: Database,
  plantNumber: string,
  categoryNumber: string,
  commodityNumber: string,
): Promise<NotInCatalogPart[]> {
  const rows = await db
    .select({
      part: t.corporateParts,
      categoryDescription: t.catalogCategories.description,
      commodityDescription: t.catalogCommodities.description,
    })
    .from(t.corporateParts)
    .innerJoin(t.catalogCategories, eq(t.catalogCategories.categoryNumber, t.corporateParts.categoryNumber))
    .innerJoin(
      t.catalogCommodities,
      and(
        eq(t.catalogCommodities.categoryNumber, t.corporateParts.categoryNumber),
        eq(t.catalogCommodities.commodityNumber, t.corporateParts.commodityNumber),
      ),
    )
    .where(
      and(
        eq(t.corporateParts.categoryNumber, categoryNumber),
        eq(t.corporateParts.commodityNumber, commodityNumber),
        sql`not exists (select 1 from ${t.partsCatalog} where ${t.partsCatalog.plantNumber} = ${plantNumber} and ${t.partsCatalog.active}
          and ${t.partsCatalog.categoryNumber} = ${t.corporateParts.categoryNumber} and ${t.partsCatalog.commodityNumber} = ${t.corporateParts.commodityNumber}
          and ${t.partsCatalog.partNumber} = ${t.corporateParts.partNumber} and ${t.partsCatalog.subPartNumber} = ${t.corporateParts.subPartNumber})`,
      ),
    )
    .orderBy(asc(t.corporateParts.partNumber), asc(t.corporateParts.subPartNumber));
  return rows.map(({ part, categoryDescription, commodityDescription }) => ({
    plantNumber,
    categoryNumber: part.categoryNumber,
    categoryDescription,
    commodityNumber: part.commodityNumber,
    commodityDescription,
    partNumber: part.partNumber,
    subPartNumber: part.subPartNumber,
    subPartDescription: part.subPartDescription,
    corporateDescription: part.corporateDescription,
    unitOfMeasure: part.unitOfMeasure,
    combinedPartNumber: combinedPartNumberOf(part),
  }));
}

/** GET /PartsCatalog/GetChangeRequestHistory: the reviewed requests of every plant, latest review first. */
export async function changeHistory(db: Database): Promise<ChangeHistoryItem[]> {
  const rows = await db
    .select({ history: t.partsCatalogHistory, part: t.partsCatalog })
    .from(t.partsCatalogHistory)
    .innerJoin(t.partsCatalog, eq(t.partsCatalog.id, t.partsCatalogHistory.requestedPartsCatalogId))
    .where(isNotNull(t.partsCatalogHistory.approved))
    .orderBy(desc(t.partsCatalogHistory.reviewDate), desc(t.partsCatalogHistory.id));
  return rows.map(({ history, part }) => {
    const item = {
      partsCatalogHistoryId: history.id,
      requestedPartsCatalogId: history.requestedPartsCatalogId,
      previouspartsCatalogId: history.previousPartsCatalogId,
      combinedPartNumber: combinedPartNumberOf(part),
      subPartNumber: part.subPartNumber,
      requestedByPlant: history.plantNumber,
      requestedByUser: history.requestedByUser,
      requestDate: history.requestDate.toISOString(),
      reviewedBy: history.reviewedBy,
      reviewDate: history.reviewDate?.toISOString() ?? null,
      approved: history.approved,
      comment: history.comment,
      revertedDate: history.revertedDate?.toISOString() ?? null,
      partDescription: partDescription(part),
    };
    return { ...item, status: changeHistoryStatus(item) };
  });
}

async function historyById(db: Database, partsCatalogHistoryId: number): Promise<HistoryRow> {
  const [row] = await db.select().from(t.partsCatalogHistory).where(eq(t.partsCatalogHistory.id, partsCatalogHistoryId));
  if (!row) throw new CatalogRefusal(404, CATALOG_ADMIN_MESSAGES.historyNotFound);
  return row;
}

/** GET /PartsCatalog/GetChangeResult?partsCatalogHistoryId (spec 3 §3 Change result). */
export async function changeResultOf(db: Database, partsCatalogHistoryId: number): Promise<ChangeResult> {
  const history = await historyById(db, partsCatalogHistoryId);
  const requested = await rowById(db, history.requestedPartsCatalogId);
  const [otherPending] = await db
    .select({ id: t.partsCatalog.id })
    .from(t.partsCatalog)
    .where(and(samePart({ ...requested, plantNumber: history.plantNumber }), isPending, ne(t.partsCatalog.id, requested.id)))
    .limit(1);
  return {
    partsCatalogHistoryId: history.id,
    approved: history.approved,
    requestedPart: (await partById(db, requested.id))!,
    previousPart: history.previousPartsCatalogId === null ? null : await partById(db, history.previousPartsCatalogId),
    requestedByPlant: history.plantNumber,
    hasActivePending: otherPending !== undefined,
    reverted: history.revertedDate !== null,
    comment: history.comment,
    reviewedBy: history.reviewedBy,
    reviewDate: history.reviewDate?.toISOString() ?? null,
  };
}

/** POST /PartsCatalog/RevertChangeResult: the three revert rules of spec 3 §4, refused with the §5 messages. */
export async function revertChange(db: Database, partsCatalogHistoryId: number, now: Date): Promise<ChangeResult> {
  // One revert at a time per request: a second one waits here and then finds it reverted.
  await db.execute(sql`select 1 from ${t.partsCatalogHistory} where ${t.partsCatalogHistory.id} = ${partsCatalogHistoryId} for update`);
  const result = await changeResultOf(db, partsCatalogHistoryId);
  if (result.reverted) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.alreadyReverted);
  if (result.approved === null) throw new CatalogRefusal(400, CATALOG_ADMIN_MESSAGES.notReviewed);
  const blocking = revertBlockingMessage(result);
  if (blocking) throw new CatalogRefusal(400, blocking);

  const requested = await rowById(db, result.requestedPart.partsCatalogId);
  const effect = revertEffectOf(result);
  if (effect === 'restore-previous') {
    const previousId = result.previousPart!.partsCatalogId;
    // The previous version is the part again; any other active version of it steps aside.
    await db
      .update(t.partsCatalog)
      .set({ active: false })
      .where(
        and(samePart(requested), eq(t.partsCatalog.active, true), ne(t.partsCatalog.id, requested.id), ne(t.partsCatalog.id, previousId)),
      );
    await db.update(t.partsCatalog).set({ approved: true, active: true }).where(eq(t.partsCatalog.id, previousId));
  }
  // 'remove-and-pend': the requested part was the catalog's only approved version; pending again, the plant's
  // catalog no longer holds the part as approved. All three end with the requested part Pending.
  await db.update(t.partsCatalog).set({ approved: false, active: true }).where(eq(t.partsCatalog.id, requested.id));
  await db
    .update(t.partsCatalogHistory)
    .set({ revertedDate: now, rowVersion: sql`${t.partsCatalogHistory.rowVersion} + 1` })
    .where(eq(t.partsCatalogHistory.id, partsCatalogHistoryId));
  // Pending again, the request goes back to the pending list as a new request of the same requester.
  const stillApproved = await approvedVersionOf(db, requested, requested.id);
  const history = await historyById(db, partsCatalogHistoryId);
  await db.insert(t.partsCatalogHistory).values({
    requestedPartsCatalogId: requested.id,
    previousPartsCatalogId: stillApproved?.id ?? null,
    plantNumber: history.plantNumber,
    requestedByUserId: history.requestedByUserId,
    requestedByUser: history.requestedByUser,
    requestDate: now,
  });
  return changeResultOf(db, partsCatalogHistoryId);
}
