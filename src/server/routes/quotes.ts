/**
 * quotes: the Build A Quote list and the quote calls of spec 2 §7 ({api}/Quote, {mchQuoteApi}/…, {quote-api}/…).
 * Decided here where the spec leaves it open (contract/quotes.ts says what the client sees):
 *
 * - Who: reading needs a sales user or viewer (spec 2 §6); duplicate, delete, unlock and copying into Build A Quote
 *   need MyCustomHomes (contract QUOTE_EDIT_ROLES); a delete refused for that says spec 2 §8's 'You do not have
 *   sufficient permissions to delete this quote.' (a browser's kept profile may still show the action). A `{userId}`
 *   or `{modifiedBy}` in a path must be the signed-in user (403 otherwise). Plant users act on their facilities'
 *   quotes only, retailer users on their current retail center's; other quotes answer 404.
 * - A retailer no plant serves has no product lines (store noProductLinesRefusal): duplicating its quotes and copying
 *   its orders or older-system quotes into Build A Quote (a new quote) are refused with spec 2 §8's message.
 * - The lock: check-locked-quote is what opening a quote calls. It takes the lock for the caller when it is free,
 *   already theirs, or expired (QUOTE_LOCK_MINUTES), and otherwise answers who holds it. Only the holder unlocks;
 *   unlocking a quote nobody holds is answered as done (a repeated unlock). Deleting a quote someone else holds is refused.
 * - Deleting marks the quote Deleted (kept, hidden from the list; a second delete answers "already deleted").
 * - Duplicating copies the latest revision as revision 1 of a new, not submitted quote; only a not-submitted quote
 *   with a product line, a model available at its plant and valid sub-options can be duplicated (contract
 *   duplicateRefusal).
 * - Copying an order or an older-system quote into Build A Quote prices each option at today's price (the latest
 *   price quoted for that option at the plant) and leaves out custom options and options no longer available; an
 *   inactive model answers ModelActive false and makes nothing.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CopyOrderInput,
  IDEMPOTENCY_HEADER,
  QUOTE_AUTHORIZED_ROLES,
  QUOTE_EDIT_ROLES,
  QUOTE_LOCK_MINUTES,
  QUOTE_MESSAGES,
  QUOTE_DELETED,
  SyncQueryFields,
  duplicateRefusal,
  paths,
  Quote,
  QuoteCopy,
  QuoteLockState,
  QuoteRevision,
  QuoteValidation,
  UnavailableOption,
  type RoleName,
  PlantNumber,
} from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { ERROR_MESSAGES, errorResponse, jsonResponse } from '../http/errors';
import { Id } from '../http/params';
import { IDEMPOTENCY_KEY_PATTERN, route, type RouteDefinition, type Session } from '../http/route';
import { runIdempotent } from '../http/idempotency';
import { normalizedPath } from '../http/paths';
import { hasRole } from '../../lib/permissions';
import {
  createQuoteFrom,
  findQuote,
  latestOptions,
  liveLockHolder,
  loadQuote,
  noProductLinesRefusal,
  quotePages,
  quoteSyncSource,
  revisionsOf,
  type OptionRow,
  type QuoteRow,
} from '../quotes/store';
import { DEFAULT_NUMBER_STARTS } from '../numbers/number-starts';
import { readDelta } from '../sync/delta';
import { answerList } from '../sync/list-answer';
import { visibleByScope } from '../work-orders/rules';
import { businessDayOf } from '../business-day/business-day';

const READ = { flag: 'isSalesViewer' } as const;
const EDIT = { roles: [...QUOTE_EDIT_ROLES] as RoleName[] };
const QuoteNumber = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Quote number must be digits.'));

const notFound = () => errorResponse(404, QUOTE_MESSAGES.notFound);
const refused = (message: string) => jsonResponse(400, { message });
const notYou = (session: Session, userId: number) =>
  session.user.cmhUserId === userId ? undefined : errorResponse(403, ERROR_MESSAGES.forbidden);

const byNumber = (quoteNumber: string) => eq(t.quotes.quoteNumber, quoteNumber);
const byId = (id: number) => eq(t.quotes.id, id);

function unavailable(quoteId: number, options: readonly OptionRow[]) {
  return options
    .filter((option) => !option.available)
    .map((option) => ({ QuoteId: quoteId, OptionId: option.id, OptionNumber: option.optionNumber, OptionDescription: option.optionDesc }));
}

function validation(quote: QuoteRow, options: readonly OptionRow[], newQuote: QuoteValidation['NewQuote'] = null): QuoteValidation {
  return {
    ModelActive: quote.isModelActive,
    NewQuote: newQuote,
    UnAvailableOptions: unavailable(quote.id, options),
    SubOptionsValid: quote.subOptionsValid,
    CategoryId: quote.subOptionsValid ? null : (options[0]?.categoryId ?? null),
  };
}

/** Today's price of each option number at a plant: the latest price quoted for it there. */
async function todaysPrices(db: Database, plantNumber: string): Promise<Map<string, number>> {
  const rows = await db
    .selectDistinctOn([t.quoteOptions.optionNumber], { optionNumber: t.quoteOptions.optionNumber, price: t.quoteOptions.optionPrice })
    .from(t.quoteOptions)
    .innerJoin(t.quoteRevisions, eq(t.quoteRevisions.id, t.quoteOptions.revisionId))
    .innerJoin(t.quotes, eq(t.quotes.id, t.quoteRevisions.quoteId))
    .where(eq(t.quotes.plantNumber, plantNumber))
    .orderBy(t.quoteOptions.optionNumber, desc(t.quoteRevisions.createdAt), desc(t.quoteRevisions.id));
  return new Map(rows.map((row) => [row.optionNumber, row.price]));
}

const copyOf = (quote: QuoteRow, plantName: string): QuoteCopy => ({
  RetailerNumber: quote.retailerNumber,
  QuoteId: quote.id,
  QuoteNumber: quote.quoteNumber,
  ProductLIneId: quote.productLineId,
  PlantName: plantName,
  ModelNumber: quote.modelNumber,
  ModelDesc: quote.modelDesc,
  InactiveStatus: quote.status === QUOTE_DELETED,
  ExpirationDate: quote.expirationDate,
  DateCreated: quote.quoteDate,
  LastModifiedDate: quote.revisionDate,
});

async function plantNameOf(db: Database, plantNumber: string) {
  const [plant] = await db.select({ name: t.plants.name }).from(t.plants).where(eq(t.plants.plantNumber, plantNumber));
  return plant?.name ?? plantNumber;
}

const optionFields = ({ id: _id, revisionId: _revisionId, ...fields }: OptionRow) => fields;

export const quoteRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.quotes,
    summary: 'The quote list (kept on devices), or a delta of it',
    answer: { row: Quote },
    ...READ,
    query: v.object(SyncQueryFields),
    handle: async ({ c, db, deps, session, query }) => {
      const source = quoteSyncSource(session, deps.clock);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, quotePages(db, session, deps.clock()), deps.reportError);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.quoteRevisions,
    summary: 'The revisions of a quote, with their options',
    answer: v.array(QuoteRevision),
    errors: [404],
    ...READ,
    params: v.object({ quoteId: Id }),
    handle: async ({ c, db, session, params }) => {
      const quote = await findQuote(db, session, byId(params.quoteId));
      if (!quote) return notFound();
      const revisions = await revisionsOf(db, quote.id);
      return c.json(
        revisions.map(({ revision, options }): QuoteRevision => ({
          QuoteId: quote.id,
          RevisionNumber: revision.revisionNumber,
          RevisionComments: revision.revisionComments,
          Options: options.map((option) => ({
            CategoryDesc: option.categoryDesc,
            OptionNumber: option.optionNumber,
            OptionDescription: option.optionDesc,
            Quantity: option.optionQty,
            // Prices only for price viewers (spec 2 §6).
            Price: session.flags.isPriceViewer ? option.optionPrice : 0,
          })),
        })),
      );
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.copyIseriesQuote,
    summary: 'Make a quote from an order’s quote, with its options',
    answer: QuoteValidation,
    errors: [404],
    // MyCustomHomes itself: its _Admin and _ApproverOverride variants do not imply it (spec 1 §6; QUOTE_EDIT_ROLES).
    ...EDIT,
    body: CopyOrderInput,
    handle: async ({ c, db, deps, session, body }) => {
      let source: QuoteRow | undefined;
      if ('orderNumber' in body) {
        const [order] = await db
          .select({ quoteId: t.salesOrders.quoteId })
          .from(t.salesOrders)
          .where(
            and(
              eq(t.salesOrders.orderNumber, body.orderNumber),
              eq(t.salesOrders.plantNumber, body.plantNumber),
              visibleByScope(session, t.salesOrders),
            ),
          );
        if (!order) return errorResponse(404, 'Order was not found.');
        source = await findQuote(db, session, byId(order.quoteId));
      } else {
        source = await findQuote(db, session, and(byNumber(body.quoteNumber), eq(t.quotes.plantNumber, body.plantNumber))!);
      }
      if (!source) return notFound();
      const noProductLines = await noProductLinesRefusal(db, source.retailerNumber, QUOTE_MESSAGES.newQuoteSuffix);
      if (noProductLines) return refused(noProductLines);
      const options = await latestOptions(db, source.id);
      if (!source.isModelActive || !source.modelNumber) return c.json(validation(source, options));
      const prices = await todaysPrices(db, source.plantNumber);
      const copied = options
        .filter((option) => option.available && !option.custom)
        .map((option) => ({ ...optionFields(option), optionPrice: prices.get(option.optionNumber) ?? option.optionPrice }));
      const created = await createQuoteFrom(
        db,
        session,
        { ...source, subOptionsValid: true },
        copied,
        await businessDayOf(db, deps.clock, source),
        `Copied from ${'orderNumber' in body ? `order ${body.orderNumber}` : `quote ${body.quoteNumber}`}`,
        deps.config.numberStarts ?? DEFAULT_NUMBER_STARTS,
      );
      return c.json(validation(created, options, { QuoteId: created.id, QuoteNumber: created.quoteNumber }));
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.unlockQuote,
    summary: 'Release the user’s lock on a quote',
    description: 'The path’s user id must be the signed-in user’s (403 otherwise).',
    answer: Quote,
    errors: [403, 404],
    ...EDIT,
    params: v.object({ quoteId: Id, userId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const refusal = notYou(session, params.userId);
      if (refusal) return refusal;
      const quote = await findQuote(db, session, byId(params.quoteId), true);
      if (!quote) return notFound();
      const holder = liveLockHolder(quote, deps.clock());
      if (holder !== null && holder !== session.user.cmhUserId) return errorResponse(403, QUOTE_MESSAGES.notLockedByYou);
      if (quote.lockedByUserId !== null) await db.update(t.quotes).set({ lockedByUserId: null, lockedAt: null }).where(byId(quote.id));
      return c.json(await loadQuote(db, session, quote.id, deps.clock()));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.checkLockedQuote,
    summary: 'Whether a quote is locked by someone else, else lock it for the user',
    description: `A quote is locked for ${QUOTE_LOCK_MINUTES} minutes by whoever opens it to edit. The path’s user id must be the signed-in user’s (403 otherwise).`,
    answer: QuoteLockState,
    errors: [404],
    ...READ,
    params: v.object({ quoteId: Id, userId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const refusal = notYou(session, params.userId);
      if (refusal) return refusal;
      const now = deps.clock();
      const expired = new Date(now.getTime() - QUOTE_LOCK_MINUTES * 60_000);
      const quote = await findQuote(db, session, byId(params.quoteId));
      if (!quote) return notFound();
      // Only those who may change a quote take its lock (spec 2 §6 authorized set): a viewer reading it blocks no one.
      if (!hasRole(session.user, ...QUOTE_AUTHORIZED_ROLES)) {
        const holder = liveLockHolder(quote, now);
        const current = holder === null ? undefined : await loadQuote(db, session, quote.id, now);
        return c.json({ isLocked: holder !== null, lockedBy: current?.lockedBy ?? '' } satisfies QuoteLockState);
      }
      // One statement: take the lock if it is free, ours or expired; a concurrent opener either wins or sees it taken.
      const [taken] = await db
        .update(t.quotes)
        .set({ lockedByUserId: session.user.cmhUserId, lockedAt: now })
        .where(
          and(
            byId(quote.id),
            sql`(${t.quotes.lockedByUserId} is null or ${t.quotes.lockedByUserId} = ${session.user.cmhUserId} or ${t.quotes.lockedAt} < ${expired})`,
          ),
        )
        .returning({ id: t.quotes.id });
      if (taken) return c.json({ isLocked: false, lockedBy: '' } satisfies QuoteLockState);
      const current = await loadQuote(db, session, quote.id, now);
      return c.json({ isLocked: true, lockedBy: current.lockedBy } satisfies QuoteLockState);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.unavailableOptions,
    summary: 'The options of a quote that are no longer available',
    answer: v.array(UnavailableOption),
    errors: [404],
    ...READ,
    params: v.object({ quoteNumber: QuoteNumber }),
    handle: async ({ c, db, session, params }) => {
      const quote = await findQuote(db, session, byNumber(params.quoteNumber));
      if (!quote) return notFound();
      return c.json(unavailable(quote.id, await latestOptions(db, quote.id)));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.validateSubOptions,
    summary: 'Whether a quote’s model and options are still valid',
    description: 'The path’s user id must be the signed-in user’s (403 otherwise).',
    answer: QuoteValidation,
    errors: [404],
    ...READ,
    params: v.object({ quoteNumber: QuoteNumber, plantNumber: PlantNumber, userId: Id }),
    handle: async ({ c, db, session, params }) => {
      const refusal = notYou(session, params.userId);
      if (refusal) return refusal;
      const quote = await findQuote(db, session, and(byNumber(params.quoteNumber), eq(t.quotes.plantNumber, params.plantNumber))!);
      if (!quote) return notFound();
      return c.json(validation(quote, await latestOptions(db, quote.id)));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.copyQuote,
    summary: 'Duplicate a quote',
    description:
      'A GET that writes (the spec’s call): with an Idempotency-Key header it is done once per key. The path’s user id must be the signed-in user’s (403 otherwise).',
    answer: QuoteCopy,
    errors: [404, 422, 503],
    ...EDIT,
    params: v.object({ quoteNumber: QuoteNumber, userId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const refusal = notYou(session, params.userId);
      if (refusal) return refusal;
      const source = await findQuote(db, session, byNumber(params.quoteNumber));
      if (!source || source.status === QUOTE_DELETED) return notFound();
      const plantName = await plantNameOf(db, source.plantNumber);
      const why =
        (await noProductLinesRefusal(db, source.retailerNumber, QUOTE_MESSAGES.cannotDuplicateSuffix)) ??
        duplicateRefusal(
          {
            productLineId: source.productLineId,
            modelNumber: source.modelNumber,
            quoteStatusesID: source.quoteStatusesId,
            ismchModelActive: source.isModelActive,
            plantName,
            quoteNumber: source.quoteNumber,
          },
          source.subOptionsValid,
        );
      if (why) return refused(why);
      // A GET that writes (the spec's call): in a transaction of its own, exactly once per Idempotency-Key when one is sent.
      const duplicate = async (tx: Database) => {
        const options = await latestOptions(tx, source.id);
        const created = await createQuoteFrom(
          tx,
          session,
          source,
          options.map(optionFields),
          await businessDayOf(tx, deps.clock, source),
          `Duplicated from BAQ-${source.quoteNumber}`,
          deps.config.numberStarts ?? DEFAULT_NUMBER_STARTS,
        );
        return jsonResponse(200, copyOf(created, plantName));
      };
      const key = c.req.header(IDEMPOTENCY_HEADER);
      if (key === undefined) return db.transaction(duplicate);
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return errorResponse(400, ERROR_MESSAGES.idempotencyKeyInvalid);
      return runIdempotent(db, { userId: session.user.cmhUserId, key, method: 'GET', path: normalizedPath(c.req.raw) }, duplicate);
    },
  }),

  route({
    method: 'DELETE',
    endpoint: paths.deleteQuote,
    summary: 'Mark a quote deleted (inactive)',
    description: 'The path’s modifiedBy must be the signed-in user’s (403 otherwise); a quote locked by someone else is refused.',
    answer: v.object({ message: v.string() }),
    errors: [404],
    ...EDIT,
    forbidden: QUOTE_MESSAGES.noDeletePermission,
    params: v.object({ quoteId: Id, modifiedBy: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const refusal = notYou(session, params.modifiedBy);
      if (refusal) return refusal;
      const quote = await findQuote(db, session, byId(params.quoteId), true);
      if (!quote) return notFound();
      if (quote.status === QUOTE_DELETED) return refused(QUOTE_MESSAGES.alreadyDeleted(quote.quoteNumber));
      const holder = liveLockHolder(quote, deps.clock());
      if (holder !== null && holder !== session.user.cmhUserId) return refused(QUOTE_MESSAGES.locked);
      await db
        .update(t.quotes)
        .set({ status: QUOTE_DELETED, lockedByUserId: null, lockedAt: null, rowVersion: quote.rowVersion + 1 })
        .where(byId(quote.id));
      return c.json({ message: QUOTE_MESSAGES.markedInactive });
    },
  }),
];
