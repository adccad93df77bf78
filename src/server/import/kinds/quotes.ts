import { sql } from 'drizzle-orm';
import {
  OLDER_SYSTEM_QUOTE_PREFIX,
  QUOTE_IMPORT_COLUMNS,
  QuoteImportRow,
  quoteApprovalId,
  type QuoteRevisionImport,
} from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, queryRows, upsertRows, withJson, type InputColumn } from '../write';

interface QuoteReferences {
  retailers: Set<string>;
  plants: Set<string>;
  /** User ids by lower-cased user name. */
  userIds: Map<string, number>;
  /** Quote numbers below the start that HomeSite made (no import wrote them): an import must not take them over. */
  madeInHomeSite: Set<string>;
}

const QUOTE_COLUMNS: readonly InputColumn[] = [
  ['quote_number', 'text'],
  ['retailer_number', 'text'],
  ['plant_number', 'text'],
  ['product_line_id', 'integer'],
  ['customer', 'text'],
  ['model_number', 'text'],
  ['model_desc', 'text'],
  ['status', 'text'],
  ['mdm', 'text'],
  ['quote_date', 'date'],
  ['expiration_date', 'date'],
  ['revision_date', 'date'],
  ['is_mch_quote', 'boolean'],
  ['mch_quote_id', 'text'],
  ['is_model_active', 'boolean'],
  ['sub_options_valid', 'boolean'],
  ['quote_statuses_id', 'smallint'],
  ['created_by', 'text'],
  ['created_by_user_id', 'integer'],
  ['base_cost_of_home', 'numeric'],
  ['surcharge_amount', 'numeric'],
  ['shipping_handling_dest_charges', 'numeric'],
  ['freight_charge', 'numeric'],
  ['association_dues', 'numeric'],
  ['mhi_dues', 'numeric'],
  ['vip_amount', 'numeric'],
  ['partner_assistance_amount', 'numeric'],
  ['square_footage', 'integer'],
  ['brand_code', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

/** The quote's own row, as Build A Quote leaves one (server/quotes/store.ts createQuoteFrom: mchQuoteId MCHQ<number>). */
const quoteRow = (row: QuoteImportRow, refs: QuoteReferences) => ({
  quote_number: row.quoteNumber,
  retailer_number: row.retailerNumber,
  plant_number: row.plantNumber,
  product_line_id: row.productLineId ?? null,
  customer: row.customer,
  model_number: row.modelNumber ?? null,
  model_desc: row.modelDesc,
  status: row.status,
  mdm: row.csm,
  quote_date: row.quoteDate,
  expiration_date: row.expirationDate,
  revision_date: row.revisionDate ?? row.quoteDate,
  is_mch_quote: row.olderSystemQuoteId === undefined,
  mch_quote_id: row.olderSystemQuoteId === undefined ? `MCHQ${row.quoteNumber}` : `${OLDER_SYSTEM_QUOTE_PREFIX}${row.olderSystemQuoteId}`,
  is_model_active: row.modelActive,
  sub_options_valid: row.subOptionsValid,
  quote_statuses_id: quoteApprovalId(row.approvalStatus),
  created_by: row.createdBy ?? '',
  created_by_user_id: row.createdBy === undefined ? null : refs.userIds.get(row.createdBy)!,
  base_cost_of_home: row.baseCostOfHome,
  surcharge_amount: row.surchargeAmount,
  shipping_handling_dest_charges: row.shippingHandlingDestCharges,
  freight_charge: row.freightCharge,
  association_dues: row.associationDues,
  mhi_dues: row.mhiDues,
  vip_amount: row.vipAmount,
  partner_assistance_amount: row.partnerAssistanceAmount,
  square_footage: row.squareFootage,
  brand_code: row.brandCode,
});

type ImportedOption = QuoteRevisionImport['options'][number];
interface StoredRevision {
  id: number;
  quote_id: number;
  revision_number: number;
  revision_comments: string;
}
interface StoredOption {
  revision_id: number;
  category_id: number;
  category_desc: string;
  category_seq: number;
  option_number: string;
  option_desc: string;
  option_qty: number;
  option_price: string | number;
  available: boolean;
  custom: boolean;
}

/** An option as a comparable text: the stored row (numeric read as text) and the file's give the same. */
const optionText = (option: ImportedOption) =>
  JSON.stringify([
    option.categoryId,
    option.categoryDesc,
    option.categorySeq,
    option.optionNumber,
    option.optionDesc,
    option.optionQty,
    Number(option.optionPrice).toFixed(2),
    option.available,
    option.custom,
  ]);
const storedOption = (option: StoredOption): ImportedOption => ({
  categoryId: Number(option.category_id),
  categoryDesc: option.category_desc,
  categorySeq: Number(option.category_seq),
  optionNumber: option.option_number,
  optionDesc: option.option_desc,
  optionQty: Number(option.option_qty),
  optionPrice: Number(option.option_price),
  available: option.available,
  custom: option.custom,
});
const sameOptions = (stored: readonly ImportedOption[], wanted: readonly ImportedOption[]) =>
  stored.length === wanted.length && stored.every((option, index) => optionText(option) === optionText(wanted[index]!));

/** The ids of the statement's JSON array, for `… IN ${IDS}`. */
const IDS = '(SELECT (jsonb_array_elements_text($json::jsonb))::integer)';
/** The SQL text with a list (ids, quote numbers) as its one JSON parameter. */
function withList(text: string, items: readonly (string | number)[]) {
  const [before, after] = text.split('$json') as [string, string];
  return sql`${sql.raw(before)}${JSON.stringify(items)}${sql.raw(after)}`;
}

/**
 * Makes the revisions of each quote of the batch exactly the row's: a revision not in the row is deleted, a new one
 * added, a stored one whose comments or options differ rewritten (its options replaced, in the row's order). A quote
 * whose revisions are the same is not written at all. Answers the quote numbers whose revisions changed; their stored
 * quote rows are written again (row version), so the devices that keep the quote list get them (the list shows the latest
 * revision; migration 0008's trigger moves a quote whose revisions change).
 */
async function syncRevisions(db: Database, rows: readonly QuoteImportRow[], inserted: ReadonlySet<string>): Promise<string[]> {
  const quotes = await queryRows<{ id: number; quote_number: string }>(
    db,
    withList(
      `SELECT id, quote_number FROM quotes WHERE quote_number IN (SELECT jsonb_array_elements_text($json::jsonb))`,
      rows.map((row) => row.quoteNumber),
    ),
  );
  const quoteIdOf = new Map(quotes.map((quote) => [quote.quote_number, Number(quote.id)]));
  const storedRevisions = await queryRows<StoredRevision>(
    db,
    withList(`SELECT id, quote_id, revision_number, revision_comments FROM quote_revisions WHERE quote_id IN ${IDS}`, [
      ...quoteIdOf.values(),
    ]),
  );
  const storedOptions = await queryRows<StoredOption>(
    db,
    withList(
      `SELECT revision_id, category_id, category_desc, category_seq, option_number, option_desc, option_qty, option_price::text AS option_price, available, custom
       FROM quote_options WHERE revision_id IN ${IDS} ORDER BY id`,
      storedRevisions.map((revision) => revision.id),
    ),
  );
  const optionsOf = new Map<number, ImportedOption[]>();
  for (const option of storedOptions)
    optionsOf.set(Number(option.revision_id), [...(optionsOf.get(Number(option.revision_id)) ?? []), storedOption(option)]);
  const revisionsOf = new Map<number, StoredRevision[]>();
  for (const revision of storedRevisions)
    revisionsOf.set(Number(revision.quote_id), [...(revisionsOf.get(Number(revision.quote_id)) ?? []), revision]);

  const deleted: number[] = [];
  const commented: { id: number; comments: string }[] = [];
  const optionsReplaced: { revisionId: number; options: readonly ImportedOption[] }[] = [];
  const added: { quoteId: number; revision: QuoteRevisionImport }[] = [];
  const changed = new Set<string>();
  for (const row of rows) {
    const quoteId = quoteIdOf.get(row.quoteNumber)!;
    const stored = new Map((revisionsOf.get(quoteId) ?? []).map((revision) => [Number(revision.revision_number), revision]));
    const wanted = new Set(row.revisions.map((revision) => revision.revisionNumber));
    for (const [number, revision] of stored) {
      if (!wanted.has(number)) {
        deleted.push(Number(revision.id));
        changed.add(row.quoteNumber);
      }
    }
    for (const revision of row.revisions) {
      const current = stored.get(revision.revisionNumber);
      if (!current) {
        added.push({ quoteId, revision });
        changed.add(row.quoteNumber);
        continue;
      }
      if (current.revision_comments !== revision.comments) {
        commented.push({ id: Number(current.id), comments: revision.comments });
        changed.add(row.quoteNumber);
      }
      if (!sameOptions(optionsOf.get(Number(current.id)) ?? [], revision.options)) {
        optionsReplaced.push({ revisionId: Number(current.id), options: revision.options });
        changed.add(row.quoteNumber);
      }
    }
  }

  if (deleted.length > 0) await db.execute(withList(`DELETE FROM quote_revisions WHERE id IN ${IDS}`, deleted));
  if (commented.length > 0) {
    await db.execute(
      withJson(
        `UPDATE quote_revisions AS target SET revision_comments = input.comments
         FROM jsonb_to_recordset($json::jsonb) AS input(id integer, comments text) WHERE target.id = input.id`,
        commented,
      ),
    );
  }
  if (optionsReplaced.length > 0) {
    await db.execute(
      withList(
        `DELETE FROM quote_options WHERE revision_id IN ${IDS}`,
        optionsReplaced.map((entry) => entry.revisionId),
      ),
    );
  }
  const newRevisionIds =
    added.length === 0
      ? []
      : await queryRows<{ id: number; quote_id: number; revision_number: number }>(
          db,
          withJson(
            `INSERT INTO quote_revisions (quote_id, revision_number, revision_comments)
             SELECT quote_id, revision_number, comments FROM jsonb_to_recordset($json::jsonb) AS input(quote_id integer, revision_number integer, comments text)
             RETURNING id, quote_id, revision_number`,
            added.map(({ quoteId, revision }) => ({
              quote_id: quoteId,
              revision_number: revision.revisionNumber,
              comments: revision.comments,
            })),
          ),
        );
  const newRevisionId = new Map(
    newRevisionIds.map((revision) => [`${revision.quote_id}/${revision.revision_number}`, Number(revision.id)]),
  );
  const optionRows = [
    ...optionsReplaced.flatMap(({ revisionId, options }) => options.map((option) => ({ revisionId, option }))),
    ...added.flatMap(({ quoteId, revision }) =>
      revision.options.map((option) => ({ revisionId: newRevisionId.get(`${quoteId}/${revision.revisionNumber}`)!, option })),
    ),
  ];
  if (optionRows.length > 0) {
    // In the row's order: the stored order (by id) is what the next import compares with.
    await db.execute(
      withJson(
        `INSERT INTO quote_options (revision_id, category_id, category_desc, category_seq, option_number, option_desc, option_qty, option_price, available, custom)
         SELECT revision_id, category_id, category_desc, category_seq, option_number, option_desc, option_qty, option_price, available, custom
         FROM jsonb_to_recordset($json::jsonb) AS input(revision_id integer, category_id integer, category_desc text, category_seq smallint,
           option_number text, option_desc text, option_qty integer, option_price numeric, available boolean, custom boolean, ordinal integer)
         ORDER BY ordinal`,
        optionRows.map(({ revisionId, option }, ordinal) => ({
          ordinal,
          revision_id: revisionId,
          category_id: option.categoryId,
          category_desc: option.categoryDesc,
          category_seq: option.categorySeq,
          option_number: option.optionNumber,
          option_desc: option.optionDesc,
          option_qty: option.optionQty,
          option_price: option.optionPrice,
          available: option.available,
          custom: option.custom,
        })),
      ),
    );
  }
  const changedIds = [...changed].filter((quoteNumber) => !inserted.has(quoteNumber)).map((quoteNumber) => quoteIdOf.get(quoteNumber)!);
  if (changedIds.length > 0) await db.execute(withList(`UPDATE quotes SET row_version = row_version + 1 WHERE id IN ${IDS}`, changedIds));
  return [...changed];
}

/**
 * Quotes by quote number, with their revisions and options (the row's revisions replace the stored ones). What a
 * user does to a quote in HomeSite is not an import's: who has it open (the lock) and the quote it was duplicated
 * from are left as they are.
 */
export const quotesKind = defineKind<QuoteImportRow, QuoteReferences>({
  description: 'Build A Quote quotes by quote number, with their revisions and options.',
  columns: QUOTE_IMPORT_COLUMNS,
  schema: QuoteImportRow,
  keyField: 'quoteNumber',
  keyOf: (row) => row.quoteNumber,
  loadReferences: async (db, { numberStarts }) => ({
    retailers: new Set(
      (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
    ),
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
    userIds: new Map(
      (await db.select({ id: t.users.id, userName: sql<string>`lower(${t.users.userName})` }).from(t.users)).map((user) => [
        user.userName,
        user.id,
      ]),
    ),
    madeInHomeSite: new Set(
      (
        await queryRows<{ quote_number: string }>(
          db,
          sql`SELECT quote_number FROM quotes AS quote
              WHERE quote_number ~ '^[0-9]{1,15}$' AND (CASE WHEN quote_number ~ '^[0-9]{1,15}$' THEN quote_number::bigint END) < ${numberStarts.quote}
                AND NOT EXISTS (SELECT 1 FROM import_fingerprints AS print WHERE print.kind = 'quotes' AND print.natural_key = quote.quote_number)`,
        )
      ).map((quote) => quote.quote_number),
    ),
  }),
  check: (row, { refs, numberStarts }) => {
    const issues: RowIssue[] = [];
    // HomeSite numbers its own quotes from QUOTE_NUMBER_START up (numbers/number-starts.ts).
    if (Number(row.quoteNumber) >= numberStarts.quote)
      issues.push({
        field: 'quoteNumber',
        message: `${row.quoteNumber} collides with the numbers HomeSite hands out: HomeSite numbers its own quotes from ${numberStarts.quote} (QUOTE_NUMBER_START). Raise it above the source's.`,
      });
    else if (refs.madeInHomeSite.has(row.quoteNumber))
      issues.push({ field: 'quoteNumber', message: `Quote ${row.quoteNumber} was made in HomeSite: an import cannot take it over.` });
    if (!refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    if (row.createdBy !== undefined && !refs.userIds.has(row.createdBy))
      issues.push({ field: 'createdBy', message: doesNotExist('user', row.createdBy) });
    return issues;
  },
  write: async (db, rows, { refs }) => {
    const written = await upsertRows(
      db,
      {
        table: 'quotes',
        input: QUOTE_COLUMNS,
        insert: names(QUOTE_COLUMNS),
        conflict: '("quote_number")',
        update: names(QUOTE_COLUMNS).filter((name) => name !== 'quote_number'),
        onChange: ['"row_version" = target."row_version" + 1'],
        key: 'target.quote_number',
      },
      rows.map((row) => quoteRow(row, refs)),
    );
    const inserted = new Set(written.filter((quote) => quote.inserted).map((quote) => quote.key));
    return countWrites(written, await syncRevisions(db, rows, inserted));
  },
});
