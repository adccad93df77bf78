import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { QUOTE_ACTIVE, QUOTE_APPROVAL_LABELS, QUOTE_DELETED, QUOTE_LOCK_MINUTES, noProductLinesMessage, type Quote } from '../../contract';
import { addDaysToDay } from '../../contract/days';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { nextQuoteNumberFrom, type NumberStarts } from '../numbers/number-starts';
import { readWindow, sessionScope, type SyncSource } from '../sync/source';
import { keysetPages, type ListPages } from '../sync/stream-list';
import { scopeOf, visibleByScope } from '../work-orders/rules';

export type QuoteRow = typeof t.quotes.$inferSelect;
export type OptionRow = typeof t.quoteOptions.$inferSelect;

/** The quotes `session` may see (spec 2 §6: plant users their facilities, others their retail center); deleted ones too when asked. */
export const visibleQuotes = (session: Session, includeDeleted = false) =>
  and(visibleByScope(session, t.quotes), includeDeleted ? undefined : ne(t.quotes.status, QUOTE_DELETED));

/** Whether the lock on `quote` is held now (QUOTE_LOCK_MINUTES after it was taken it is free again). */
export function liveLockHolder(quote: Pick<QuoteRow, 'lockedByUserId' | 'lockedAt'>, now: Date): number | null {
  if (quote.lockedByUserId === null || quote.lockedAt === null) return null;
  return now.getTime() - quote.lockedAt.getTime() < QUOTE_LOCK_MINUTES * 60_000 ? quote.lockedByUserId : null;
}

const quoteColumns = {
  quote: t.quotes,
  plantName: t.plants.name,
  latestRevision:
    sql<number>`coalesce((select max(r.revision_number) from ${t.quoteRevisions} r where r.quote_id = ${t.quotes.id}), 1)`.mapWith(Number),
  lockedBy: sql<string | null>`(select u.user_name from ${t.users} u where u.id = ${t.quotes.lockedByUserId})`,
  originalQuoteNumber: sql<string | null>`(select s.quote_number from ${t.quotes} s where s.id = ${t.quotes.sourceQuoteId})`,
};

type ListedQuote = {
  quote: QuoteRow;
  plantName: string;
  latestRevision: number;
  lockedBy: string | null;
  originalQuoteNumber: string | null;
};

export function toQuote({ quote, plantName, latestRevision, lockedBy, originalQuoteNumber }: ListedQuote, now: Date): Quote {
  const holder = liveLockHolder(quote, now);
  return {
    quoteId: quote.id,
    customer: quote.customer,
    retailerNumber: quote.retailerNumber,
    quoteNumber: quote.quoteNumber,
    plantNumber: quote.plantNumber,
    plantName,
    productLineId: quote.productLineId,
    modelNumber: quote.modelNumber,
    modelDesc: quote.modelDesc,
    status: quote.status,
    mdm: quote.mdm,
    expirationDate: quote.expirationDate,
    quoteDate: quote.quoteDate,
    revisionDate: quote.revisionDate,
    latestRevision,
    ismchQuote: quote.isMchQuote,
    isMCHQuote: quote.isMchQuote,
    ismchModelActive: quote.isModelActive,
    mchQuoteUserId: quote.createdByUserId,
    mchQuoteId: quote.mchQuoteId,
    isLocked: holder !== null,
    lockedBy: holder !== null ? (lockedBy ?? '') : '',
    quoteStatusesID: quote.quoteStatusesId,
    approvalStatusDescription: QUOTE_APPROVAL_LABELS[quote.quoteStatusesId] ?? '',
    createdBy: quote.createdBy,
    originalQuoteNumber: originalQuoteNumber ?? '',
  };
}

const listedQuotes = (db: Database, condition: SQL | undefined) =>
  db.select(quoteColumns).from(t.quotes).innerJoin(t.plants, eq(t.plants.plantNumber, t.quotes.plantNumber)).where(condition);

/** GET /quotes, newest first, page by page (sync/stream-list.ts). */
export function quotePages(db: Database, session: Session, now: Date): ListPages<Quote> {
  const condition = visibleQuotes(session);
  return keysetPages(
    (after: number | undefined, limit: number) =>
      listedQuotes(db, after ? and(condition, sql`${t.quotes.id} < ${after}`) : condition)
        .orderBy(desc(t.quotes.id))
        .limit(limit),
    (row) => row.quote.id,
    (row) => toQuote(row, now),
  );
}

export async function findQuote(db: Database, session: Session, condition: SQL, lock = false): Promise<QuoteRow | undefined> {
  const query = db
    .select()
    .from(t.quotes)
    .where(and(visibleQuotes(session, true), condition));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function loadQuote(db: Database, session: Session, id: number, now: Date): Promise<Quote> {
  const [row] = await listedQuotes(db, and(visibleQuotes(session, true), eq(t.quotes.id, id)));
  if (!row) throw new Error(`quote ${id} vanished during its own request`);
  return toQuote(row, now);
}

/**
 * The quotes list kept on the device (delta sync): rows named by quoteId. A lock that expires changes no row, so a
 * kept copy may show a quote locked a little longer than it is; opening it asks the server (check-locked-quote).
 */
export function quoteSyncSource(session: Session, now: () => Date): SyncSource<Quote> {
  const condition = visibleQuotes(session);
  return {
    table: 'quotes',
    scope: sessionScope(session),
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.quotes}`, where: condition, xid: t.quotes.syncXid, id: t.quotes.id },
    rows: async (db, window) => {
      const rows = await readWindow(window, { xid: t.quotes.syncXid, id: t.quotes.id }, scopeOf(session, t.quotes), (where) =>
        listedQuotes(db, and(where, ne(t.quotes.status, QUOTE_DELETED))).$dynamic(),
      );
      const at = now();
      return rows.map((row) => ({ xid: row.quote.syncXid, id: row.quote.id, item: toQuote(row, at) }));
    },
    count: async (db) => (await db.select({ rows: count() }).from(t.quotes).where(condition))[0]?.rows ?? 0,
  };
}

/** The revisions of a quote, oldest first, each with its options in category order. */
export async function revisionsOf(db: Database, quoteId: number) {
  const revisions = await db
    .select()
    .from(t.quoteRevisions)
    .where(eq(t.quoteRevisions.quoteId, quoteId))
    .orderBy(asc(t.quoteRevisions.revisionNumber));
  const options =
    revisions.length === 0
      ? []
      : await db
          .select()
          .from(t.quoteOptions)
          .where(
            inArray(
              t.quoteOptions.revisionId,
              revisions.map((revision) => revision.id),
            ),
          )
          .orderBy(asc(t.quoteOptions.categorySeq), asc(t.quoteOptions.optionNumber));
  return revisions.map((revision) => ({ revision, options: options.filter((option) => option.revisionId === revision.id) }));
}

/** The options of a quote's latest revision. */
export async function latestOptions(db: Database, quoteId: number): Promise<OptionRow[]> {
  const [latest] = await db
    .select({ id: t.quoteRevisions.id })
    .from(t.quoteRevisions)
    .where(eq(t.quoteRevisions.quoteId, quoteId))
    .orderBy(desc(t.quoteRevisions.revisionNumber))
    .limit(1);
  if (!latest) return [];
  return db
    .select()
    .from(t.quoteOptions)
    .where(eq(t.quoteOptions.revisionId, latest.id))
    .orderBy(asc(t.quoteOptions.categorySeq), asc(t.quoteOptions.optionNumber));
}

/** Makes a new active, not submitted quote from `source` with `options` as its first revision; answers its row. */
export async function createQuoteFrom(
  db: Database,
  session: Session,
  source: QuoteRow,
  options: readonly Omit<OptionRow, 'id' | 'revisionId'>[],
  today: string,
  comments: string,
  numberStarts: NumberStarts,
): Promise<QuoteRow> {
  const { id: _id, createdAt: _createdAt, syncXid: _syncXid, ...fields } = source;
  // Numbers are taken under a lock so two copies at once cannot take the same one.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('quote_number'))`);
  const [created] = await db
    .insert(t.quotes)
    .values({
      ...fields,
      // From QUOTE_NUMBER_START up, never among an import's numbers (numbers/number-starts.ts).
      quoteNumber: await nextQuoteNumberFrom(db, numberStarts),
      status: QUOTE_ACTIVE,
      quoteStatusesId: 0,
      quoteDate: today,
      revisionDate: today,
      expirationDate: addDaysToDay(today, 30),
      isMchQuote: true,
      mchQuoteId: '',
      createdBy: session.user.userName,
      createdByUserId: session.user.cmhUserId,
      lockedByUserId: null,
      lockedAt: null,
      sourceQuoteId: source.id,
      rowVersion: 0,
    })
    .returning();
  const quote = created!;
  await db
    .update(t.quotes)
    .set({ mchQuoteId: `MCHQ${quote.quoteNumber}` })
    .where(eq(t.quotes.id, quote.id));
  const [revision] = await db
    .insert(t.quoteRevisions)
    .values({ quoteId: quote.id, revisionNumber: 1, revisionComments: comments })
    .returning({ id: t.quoteRevisions.id });
  if (options.length > 0) await db.insert(t.quoteOptions).values(options.map((option) => ({ ...option, revisionId: revision!.id })));
  return { ...quote, mchQuoteId: `MCHQ${quote.quoteNumber}` };
}

/**
 * spec 2 §8 'There are no product lines associated with {retailer}', with the suffix of what is refused, or undefined
 * when the retailer has product lines: those of the plants serving it (retailer_plants), as a quote's product line is
 * one of its plant's.
 */
export async function noProductLinesRefusal(db: Database, retailerNumber: string, suffix: string): Promise<string | undefined> {
  const [served] = await db
    .select({ plantNumber: t.retailerPlants.plantNumber })
    .from(t.retailerPlants)
    .where(eq(t.retailerPlants.retailerNumber, retailerNumber))
    .limit(1);
  if (served) return undefined;
  const [retailer] = await db.select({ name: t.retailers.name }).from(t.retailers).where(eq(t.retailers.retailerNumber, retailerNumber));
  return noProductLinesMessage(retailer?.name ?? retailerNumber, suffix);
}
