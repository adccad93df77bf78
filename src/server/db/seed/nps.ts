import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { UPCOMING_NPS_DAYS } from '../../../contract';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER } from './demo-users';
import { FIRST_NAMES, LAST_NAMES } from './homes';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore, daysFrom } from './days';
import type { Random } from './random';
import { PLANTS } from './shell';

/*
 * NPS demo data (spec 2 §2 NPS, §3): the completed six-month calls of the last two years, and homes due a call in the
 * next 90 days, for every demo retail center with an Nps_Viewer user (admin@'s three, sales@'s 4217) and the
 * company-owned one (its user has the role, the server refuses it: spec 2 §6). The volume does not grow with the
 * benchmark scale: a dashboard of a few hundred calls is what a retail center has.
 */

const NPS_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER];
const HISTORY_DAYS = 2 * 365;
/** Calls per retail center over the two years: about one every three days. */
const CALLS_PER_RETAILER: readonly [number, number] = [220, 300];
/** Each retail center has at least this many homes due a call in the upcoming window. */
const MIN_UPCOMING_CALLS = 8;
const CURRENT_CARD_STATUSES = ['A', 'I'];
const BATCH_ROWS = 500;

/**
 * How often each answer 0–10 is given, per retail center: 4217 does well and better this year, 4218 is middling,
 * 4219 struggles (negative band), the company-owned one is in between.
 */
const ANSWER_WEIGHTS: Record<string, { older: readonly number[]; recent: readonly number[] }> = {
  //                 0  1  2  3  4  5  6   7   8   9  10
  '4217': { older: [3, 1, 1, 2, 2, 4, 5, 8, 12, 24, 38], recent: [2, 1, 1, 1, 2, 3, 4, 7, 11, 25, 43] },
  '4218': { older: [5, 2, 2, 3, 4, 5, 7, 11, 13, 20, 28], recent: [4, 2, 2, 3, 3, 5, 7, 11, 14, 21, 28] },
  '4219': { older: [9, 4, 4, 5, 6, 8, 9, 12, 12, 14, 17], recent: [10, 4, 5, 6, 6, 8, 9, 11, 12, 13, 16] },
  [COMPANY_OWNED_RETAILER]: { older: [4, 2, 2, 3, 3, 5, 6, 10, 13, 22, 30], recent: [4, 2, 2, 3, 3, 5, 6, 10, 13, 22, 30] },
};

const PROMOTER_COMMENTS = [
  'Our salesperson walked us through every step. We would buy from them again.',
  'The home was set up on time and the crew cleaned up after themselves.',
  'Love the open kitchen. The service tech came out the same week we called.',
  'Best home buying experience we have had. Already told my sister about them.',
  'Everything was ready on move-in day, even the skirting and the steps.',
  'Very patient with all our questions about financing.',
  'Great value for the money and the quality is better than we expected.',
  'The walkthrough was thorough and they fixed the two small items right away.',
  '',
  '',
];
const PASSIVE_COMMENTS = [
  'Good home overall, the delivery took two weeks longer than promised.',
  'Happy with the house, the paperwork took a long time.',
  'A few punch list items are still open but they say they are scheduled.',
  'Salesperson was nice but hard to reach after the sale.',
  'Trim work could have been better in the hallway.',
  'Fine experience. Nothing special either way.',
  '',
  '',
];
const DETRACTOR_COMMENTS = [
  'Water leak under the kitchen sink on day one and it took a month to fix.',
  'Nobody returned my calls about the warranty repair.',
  'The home was delivered with a cracked window and damaged siding.',
  'Set-up crew left the yard torn up. Still waiting on the AC hookup.',
  'Closing was delayed three times and we had to stay in a motel.',
  'Doors do not close right and the floor squeaks in the living room.',
  'Felt rushed into add-ons we did not need.',
  '',
];

const SECTION_LETTERS = ['A', 'AB', 'ABC'] as const;

function commentFor(random: Random, recommend: number): string {
  if (recommend >= 9) return random.pick(PROMOTER_COMMENTS);
  if (recommend >= 7) return random.pick(PASSIVE_COMMENTS);
  return random.pick(DETRACTOR_COMMENTS);
}

function answer(random: Random, retailerNumber: string, daysAgo: number): number {
  const weights = ANSWER_WEIGHTS[retailerNumber] ?? ANSWER_WEIGHTS['4218']!;
  const row = daysAgo < 365 ? weights.recent : weights.older;
  return random.weighted(row.map((weight, score) => [score, weight] as const));
}

export async function seedNps(db: Database, random: Random, today: Date, _scale: number): Promise<Record<string, number>> {
  const cards = await db
    .select({
      cardId: t.warrantyCards.id,
      npsDate: t.warrantyCards.npsDate,
      soldDate: t.warrantyCards.soldDate,
      firstName: t.warrantyCards.firstName,
      lastName: t.warrantyCards.lastName,
      home: t.homes,
    })
    .from(t.warrantyCards)
    .innerJoin(t.homes, eq(t.homes.id, t.warrantyCards.homeId))
    .where(
      and(
        inArray(t.homes.retailerNumber, [...NPS_RETAILERS]),
        inArray(t.warrantyCards.statusCode, CURRENT_CARD_STATUSES),
        isNotNull(t.warrantyCards.soldDate),
      ),
    )
    .orderBy(asc(t.homes.id));

  const todayDay = utcIsoDay(today);
  const windowEnd = utcIsoDay(addDays(today, UPCOMING_NPS_DAYS));
  const oldest = utcIsoDay(daysBefore(today, HISTORY_DAYS - 1));
  const responses: (typeof t.npsResponses.$inferInsert)[] = [];
  let serialDigits = 500_000;
  let movedCards = 0;

  for (const retailerNumber of NPS_RETAILERS) {
    const own = cards.filter((card) => card.home.retailerNumber === retailerNumber);

    // Upcoming calls: enough homes due a call in the next 90 days; the most recently sold (not yet called) are
    // rescheduled into it.
    const due = own.filter((card) => card.npsDate !== null && card.npsDate >= todayDay && card.npsDate <= windowEnd).length;
    const candidates = own
      .filter((card) => card.npsDate === null || card.npsDate < todayDay || card.npsDate > windowEnd)
      .sort((a, b) => (b.soldDate ?? '').localeCompare(a.soldDate ?? '') || a.cardId - b.cardId)
      .slice(0, Math.max(0, MIN_UPCOMING_CALLS - due));
    const rescheduled = new Set(candidates.map((card) => card.cardId));
    for (const card of candidates) {
      await db
        .update(t.warrantyCards)
        .set({ npsDate: utcIsoDay(addDays(today, random.int(0, UPCOMING_NPS_DAYS))) })
        .where(eq(t.warrantyCards.id, card.cardId));
      movedCards++;
    }

    // Homes whose call date has passed were called: their answer, a few days after the date.
    for (const card of own) {
      if (rescheduled.has(card.cardId) || !card.npsDate || card.npsDate >= todayDay || card.npsDate < oldest) continue;
      const called = addDays(new Date(`${card.npsDate}T00:00:00Z`), random.int(0, 10));
      const completed = called < today ? called : today;
      const daysAgo = daysFrom(completed, today);
      const recommend = answer(random, retailerNumber, daysAgo);
      responses.push({
        retailerNumber,
        homeId: card.home.id,
        plantNumber: card.home.plantNumber,
        serialNumber: card.home.serialNumber,
        customerFirstName: card.firstName || (card.home.homeownerFirstName ?? ''),
        customerLastName: card.lastName || (card.home.homeownerLastName ?? ''),
        comments: commentFor(random, recommend),
        recommend,
        sixMonthCompleteDate: utcIsoDay(completed),
      });
    }

    // Homes sold before the ones on file (older stock of the retail center): calls with no home record here.
    const target = random.int(...CALLS_PER_RETAILER);
    const linked = responses.filter((response) => response.retailerNumber === retailerNumber).length;
    for (let index = linked; index < target; index++) {
      const plant = random.pick(PLANTS);
      const daysAgo = random.int(0, HISTORY_DAYS - 1);
      const recommend = answer(random, retailerNumber, daysAgo);
      serialDigits += random.int(1, 40);
      responses.push({
        retailerNumber,
        homeId: null,
        plantNumber: plant.plantNumber,
        serialNumber: `${plant.serialPrefix}${String(serialDigits % 1_000_000).padStart(6, '0')}${plant.state}${random.pick(SECTION_LETTERS)}`,
        customerFirstName: random.pick(FIRST_NAMES),
        customerLastName: random.pick(LAST_NAMES),
        comments: commentFor(random, recommend),
        recommend,
        sixMonthCompleteDate: utcIsoDay(daysBefore(today, daysAgo)),
      });
    }
  }

  for (let start = 0; start < responses.length; start += BATCH_ROWS)
    await insertRows(db, t.npsResponses, responses.slice(start, start + BATCH_ROWS));
  return { npsResponses: responses.length, npsRescheduledCards: movedCards };
}
