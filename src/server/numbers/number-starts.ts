import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { integerFromEnv } from '../ops/env';

/*
 * The numbers HomeSite hands out (work order ids and numbers, quote numbers) start at a configurable value, so that they
 * never meet the numbers an import brings from the source system: an import refuses a key at or above the start
 * (docs/import.md), and HomeSite numbers after the highest at or above it. Taking "the highest plus one" rather than
 * a sequence keeps the rule true whatever wrote the rows (the demo seed, an older HomeSite, an import run with
 * another start): a number HomeSite hands out is always above every stored one in its range.
 */

export interface NumberStarts {
  /** WORK_ORDER_NUMBER_START: the first work order id (and WO- number) HomeSite hands out. */
  workOrder: number;
  /** QUOTE_NUMBER_START: the first quote number. */
  quote: number;
}

/** Above every number the demo seed, the example files and HomeSite before issue 30 (700,000 + request id) used. */
export const DEFAULT_NUMBER_STARTS: NumberStarts = { workOrder: 1_000_000, quote: 1_000_000 };

/** Work order ids are integer columns; quote numbers are stored as text of up to 12 digits. */
export const WORK_ORDER_NUMBER_MAX = 2_147_483_647;
export const QUOTE_NUMBER_MAX = 999_999_999_999;

/** The largest start: leaves room for a billion numbers after it. */
const START_MAX_WORK_ORDER = WORK_ORDER_NUMBER_MAX - 1_000_000_000;
const START_MAX_QUOTE = QUOTE_NUMBER_MAX - 1_000_000_000;

export function numberStartsFromEnv(env: NodeJS.ProcessEnv): NumberStarts {
  return {
    workOrder: integerFromEnv(env, 'WORK_ORDER_NUMBER_START', 1, START_MAX_WORK_ORDER, DEFAULT_NUMBER_STARTS.workOrder),
    quote: integerFromEnv(env, 'QUOTE_NUMBER_START', 1, START_MAX_QUOTE, DEFAULT_NUMBER_STARTS.quote),
  };
}

/** The work order number shown for a work order id: WO- and at least 7 digits. */
export const workOrderNumberOf = (workOrderId: number) => `WO-${String(workOrderId).padStart(7, '0')}`;

/** The id a work order number of HomeSite's own form (WO-0001234) stands for, or undefined for another form. */
export const workOrderIdOfNumber = (workOrderNumber: string): number | undefined => {
  const digits = /^WO-(\d{1,10})$/i.exec(workOrderNumber.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
};

const highest = async (db: Database, query: ReturnType<typeof sql>): Promise<number | null> => {
  const rows = ((await db.execute(query)) as unknown as { rows: { highest: string | number | null }[] }).rows;
  const value = rows[0]?.highest;
  return value === null || value === undefined ? null : Number(value);
};

/**
 * The next work order id HomeSite hands out: the start, or one above the highest at or above it. Taken under a lock
 * held to the end of the caller's transaction, so two submits at once never take the same one.
 */
export async function nextWorkOrderId(db: Database, starts: NumberStarts): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('work_order_number'))`);
  const top = await highest(
    db,
    sql`select max(vantage_work_order_id) as highest from service_requests where vantage_work_order_id >= ${starts.workOrder}`,
  );
  return top === null ? starts.workOrder : top + 1;
}

/** The next quote number (digits): as nextWorkOrderId; the caller holds the quote_number lock (quotes/store.ts). */
export async function nextQuoteNumberFrom(db: Database, starts: NumberStarts): Promise<string> {
  // Quote numbers are digits (the import and HomeSite write nothing else); the CASE keeps a stray one out of the cast.
  const top = await highest(
    db,
    sql`select max(number) as highest from (select case when quote_number ~ '^[0-9]{1,15}$' then quote_number::bigint end as number from quotes) as numbered where number >= ${starts.quote}`,
  );
  return String(top === null ? starts.quote : top + 1);
}
