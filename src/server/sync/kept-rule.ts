import { and, count, desc, gte, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDaysToDay } from '../../contract/days';
import { isKeptRecord, keptSince, type KeptListCaps, type KeptRuleSubject, type RuledList } from '../../contract/kept-lists';
import { businessDay } from '../../contract/time-zones';
import { organisationTimeZone } from '../business-day/business-day';
import type { Database } from '../db/client';
import type { KeptRule, SyncWindow } from './types';

export type { KeptRule } from './types';

/*
 * The kept-list rule of contract/kept-lists.ts on the server: a device's first download of a ruled list (work orders,
 * parts orders) holds only the rows the rule keeps, and a row that changes outside it reaches the device as removed.
 * Rows that age out change nothing here: the device lets go of them by the same rule (offline/kept-lists.ts).
 */

export const keptRuleOf = (clock: () => Date, caps: KeptListCaps): KeptRule => ({ clock, caps, floors: new Map() });

/**
 * How long a first kept day found stands. Finding it reads every kept row of the scope (0.1–0.5 s for a plant of the 1M
 * benchmark), and it moves by days: a delta of a few changed rows should not pay that each time.
 */
const KEPT_FLOOR_TTL_MS = 10 * 60_000;
const KEPT_FLOORS_HELD = 10_000;

/** The day the rule counts back from: the organisation's business day (a day either way does not matter to it). */
export const keptRuleDay = (clock: () => Date) => businessDay(organisationTimeZone(), clock());

/** isKeptRecord in SQL: open, or changed on or after the rule's first day; from `keptFrom` on when the list is capped. */
const keptRecords = (open: SQL, changedOn: AnyPgColumn, today: string, keptFrom?: string): SQL =>
  keptFrom === undefined
    ? sql`(${open} or ${changedOn} >= ${keptSince(today)}::date)`
    : sql`((${open} or ${changedOn} >= ${keptSince(today)}::date) and ${changedOn} >= ${keptFrom}::date)`;

/**
 * The first day of change that keeps at most `cap` of the list's kept rows (`kept`: scope and rule), or undefined when
 * all of them fit: the day after the one the (cap + 1)th most recently changed row was changed on. Rows of one day are
 * kept or let go together, so a list may hold fewer than its cap, and more only when its newest day alone holds more
 * (an import, say): that day is kept whole rather than nothing.
 */
async function keptFloor(db: Database, table: PgTable, changedOn: AnyPgColumn, kept: SQL | undefined, cap: number) {
  // Counted first: most scopes keep fewer rows than the cap, and walking the rows by day to the cap's offset reads the
  // whole scope (a plant of the 1M benchmark: 0.35 s; every plant: seconds), where the count reads only kept ones.
  const [all] = await db.select({ rows: count() }).from(table).where(kept);
  if ((all?.rows ?? 0) <= cap) return undefined;
  const newestFirst = () =>
    db
      .select({ day: sql<string>`${changedOn}::text` })
      .from(table)
      .where(and(kept))
      .orderBy(desc(changedOn));
  const [past] = await newestFirst().offset(cap).limit(1);
  if (!past) return undefined;
  const [newest] = await newestFirst().limit(1);
  return newest?.day === past.day ? past.day : addDaysToDay(past.day, 1);
}

/**
 * What a page of a download from nothing reads of a ruled list (delta.ts): the kept open rows, or the kept closed ones.
 * Each part is read in its own index's order: a plant's open rows by the partial index of open rows, its closed ones
 * by day of change. Afterwards (no part) a page reads every change, and a row outside the rule comes as removed.
 */
function keptPart(window: SyncWindow, columns: RuledColumns, today: string): SQL | undefined {
  const { open, changedOn } = columns;
  const fromKeptDay = window.keptFrom === undefined ? undefined : gte(changedOn, sql`${window.keptFrom}::date`);
  if (window.part === 'open') return and(open, fromKeptDay);
  if (window.part === 'closed') return and(not(open), gte(changedOn, sql`${keptSince(today)}::date`), fromKeptDay);
  return undefined;
}

/** Where a ruled list's rule reads its rows: the table, which rows are open and their day of change. */
export interface RuledColumns {
  table: PgTable;
  open: SQL;
  changedOn: AnyPgColumn;
}

/**
 * The rule of one ruled list for one user (`condition`: the user's rows), as its SyncSource reads it: the condition
 * of a window's rows, the check of each row read, the kept count and the capped list's first kept day.
 */
export function ruledList(rule: KeptRule, list: RuledList, columns: RuledColumns, condition: SQL | undefined, scope: readonly unknown[]) {
  const today = keptRuleDay(rule.clock);
  const floorKey = JSON.stringify([list, today, ...scope]);
  const kept = (keptFrom?: string) => keptRecords(columns.open, columns.changedOn, today, keptFrom);
  return {
    inWindow: (window: SyncWindow) => keptPart(window, columns, today),
    keeps: (row: KeptRuleSubject, window: SyncWindow) => isKeptRecord(row, today, window.keptFrom),
    count: async (db: Database, keptFrom?: string) =>
      (
        await db
          .select({ rows: count() })
          .from(columns.table)
          .where(and(condition, kept(keptFrom)))
      )[0]?.rows ?? 0,
    keptFloor: async (db: Database) => {
      const now = rule.clock().getTime();
      const known = rule.floors.get(floorKey);
      if (known && known.until > now) return known.day;
      const day = await keptFloor(db, columns.table, columns.changedOn, and(condition, kept()), rule.caps[list]);
      rule.floors.delete(floorKey);
      rule.floors.set(floorKey, { day, until: now + KEPT_FLOOR_TTL_MS });
      if (rule.floors.size > KEPT_FLOORS_HELD) rule.floors.delete(rule.floors.keys().next().value!);
      return day;
    },
  };
}
