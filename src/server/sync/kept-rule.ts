import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { keptSince } from '../../contract/kept-lists';
import { businessDay } from '../../contract/time-zones';
import { organisationTimeZone } from '../business-day/business-day';
import { START, type Position } from './cursor';

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

/** A download from nothing: its pages read only the kept rows, where a later page reads every change. */
export const isFromStart = (from: Position) => from.xid === START.xid && from.id === START.id;
