import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema';
import { wholeRow } from '../../src/server/db/whole-row';
import { createTestContext, type TestContext } from './harness';

/*
 * A row read as one JSON value (db/whole-row.ts) is the row drizzle reads column by column, on either driver: every
 * kind of column of the warranty cards (text, integer, bigint, date, boolean, timestamps), nulls, and text JSON escapes.
 */

let t: TestContext;
const ODD_TEXT = 'Zoë "Q" O\'Brien\\ 🏠 \u00a0tab\tend';

beforeAll(async () => {
  t = await createTestContext();
  const [first] = await t.db.select({ id: s.warrantyCards.id }).from(s.warrantyCards).orderBy(asc(s.warrantyCards.id)).limit(1);
  await t.db
    .update(s.warrantyCards)
    .set({
      firstName: ODD_TEXT,
      soldDate: null,
      npsDate: '2026-02-28',
      hasOpenWorkOrder: true,
      updatedAt: new Date('2026-03-04T05:06:07.891Z'),
    })
    .where(eq(s.warrantyCards.id, first!.id));
});

afterAll(() => t?.close());

describe('wholeRow', () => {
  it('reads every column of a row as drizzle reads its columns', async () => {
    const order = asc(s.warrantyCards.id);
    const columns = await t.db.select().from(s.warrantyCards).orderBy(order).limit(500);
    const whole = await t.db
      .select({ row: wholeRow(s.warrantyCards) })
      .from(s.warrantyCards)
      .orderBy(order)
      .limit(500);
    expect(whole.map(({ row }) => row)).toEqual(columns);
    expect(columns[0]).toMatchObject({ firstName: ODD_TEXT, soldDate: null, npsDate: '2026-02-28', hasOpenWorkOrder: true });
    expect(columns[0]!.updatedAt).toEqual(new Date('2026-03-04T05:06:07.891Z'));
    // The rows hold each kind of value the cards have, so that the comparison covers it.
    expect(columns.some((row) => row.createdByUserId === null)).toBe(true);
    expect(columns.some((row) => row.soldDate !== null)).toBe(true);
    expect(columns.some((row) => !row.hasOpenWorkOrder)).toBe(true);
  });
});
