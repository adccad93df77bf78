import { gte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { keptSince } from '../../contract/kept-lists';
import { businessDay } from '../../contract/time-zones';
import { organisationTimeZone } from '../business-day/business-day';
import type { SyncWindow } from './source';

/*
 * The kept-list rule of contract/kept-lists.ts on the server: a device's first download of a ruled list (work orders,
 * parts orders) holds only the rows the rule keeps, and a row that changes outside it reaches the device as removed.
 * Rows that age out change nothing here: the device lets go of them by the same rule (offline/kept-lists.ts).
 */

/** The day the rule counts back from: the organisation's business day (a day either way does not matter to it). */
export const keptRuleDay = (clock: () => Date) => businessDay(organisationTimeZone(), clock());

/** isKeptRecord in SQL: open, or changed on or after the rule's first day. */
export const keptRecords = (open: SQL, changedOn: AnyPgColumn, today: string): SQL =>
  sql`(${open} or ${changedOn} >= ${keptSince(today)}::date)`;

/**
 * What a page reads of a ruled list: during a download from nothing, the kept rows of what stood when it began and
 * every row written since (one that left the rule meanwhile then comes as removed); afterwards, every change.
 */
export const keptInWindow = (window: SyncWindow, kept: SQL | undefined, xid: AnyPgColumn): SQL | undefined =>
  window.keptBelow === undefined || kept === undefined ? undefined : or(kept, gte(xid, window.keptBelow));
