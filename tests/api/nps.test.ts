import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isHomeAddressSameAsOwner,
  normalizeCardAddress,
  npsBand,
  npsWindow,
  previousYearWindow,
  totalNps,
  upcomingWindow,
  type NpsDetail,
  type NpsScore,
  type NpsUpcomingCall,
  type NpsWindow,
} from '../../src/contract';
import { homes, npsResponses, serviceRequests, warrantyCards } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

/*
 * spec 2 §3 NPS score / detail / upcoming call, §6 (Nps_Viewer, not type C), §7 NPS: every call with its roles, its
 * scope (the current retail center only) and its query rules, against what the seeded rows give.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);
const rolling = npsWindow('rolling', today);

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['sales', 'admin', 'service', 'company', 'plant']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

const get = <T>(path: string, window: NpsWindow | Record<string, string>, token = tokens.sales) =>
  t.call<T>('GET', path, { token, query: { ...window } });

async function responsesOf(retailerNumber: string, window: NpsWindow) {
  const rows = await t.db.select().from(npsResponses).where(eq(npsResponses.retailerNumber, retailerNumber));
  return rows.filter((row) => row.sixMonthCompleteDate >= window.startDate && row.sixMonthCompleteDate <= window.endDate);
}

const countsOf = (rows: { recommend: number }[]) => ({
  promoterCount: rows.filter((row) => row.recommend >= 9).length,
  passiveCount: rows.filter((row) => row.recommend === 7 || row.recommend === 8).length,
  detractorCount: rows.filter((row) => row.recommend <= 6).length,
});

describe('NPS scores (GET {api}/NpsScores)', () => {
  it('answers one record whose counts and total are what the rows of the window and of the year before give', async () => {
    for (const period of ['rolling', 'calendar'] as const) {
      const window = npsWindow(period, today);
      const answer = await get<NpsScore[]>('/api/NpsScores', window);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(1);
      const [score] = answer.body;
      const current = countsOf(await responsesOf('4217', window));
      const previous = countsOf(await responsesOf('4217', previousYearWindow(window)));
      expect(score).toMatchObject({ ...current, totalNPS: totalNps(current), startDate: window.startDate, endDate: window.endDate });
      expect(score).toMatchObject({
        previousPromoterCount: previous.promoterCount,
        previousPassiveCount: previous.passiveCount,
        previousDetractorCount: previous.detractorCount,
        previousTotalNPS: totalNps(previous),
        ...Object.fromEntries(
          Object.entries(previousYearWindow(window)).map(([key, value]) => [`previous${key[0]!.toUpperCase()}${key.slice(1)}`, value]),
        ),
      });
    }
    // The seed gives the 12-month window calls of every band, and the year before too.
    const [score] = (await get<NpsScore[]>('/api/NpsScores', rolling)).body;
    expect(Math.min(score!.promoterCount, score!.passiveCount, score!.detractorCount)).toBeGreaterThan(0);
    expect(score!.previousPromoterCount + score!.previousPassiveCount + score!.previousDetractorCount).toBeGreaterThan(50);
  });

  it('counts a new answer in its band at once and moves the total by the rule', async () => {
    const before = (await get<NpsScore[]>('/api/NpsScores', rolling)).body[0]!;
    await t.db.insert(npsResponses).values({
      retailerNumber: '4217',
      plantNumber: '910',
      serialNumber: 'CLW999001TNA',
      customerFirstName: 'Test',
      customerLastName: 'Detractor',
      recommend: 0,
      sixMonthCompleteDate: today,
    });
    const after = (await get<NpsScore[]>('/api/NpsScores', rolling)).body[0]!;
    expect(after.detractorCount).toBe(before.detractorCount + 1);
    expect(after.promoterCount).toBe(before.promoterCount);
    expect(after.totalNPS).toBe(totalNps(after));
    await t.db.delete(npsResponses).where(eq(npsResponses.serialNumber, 'CLW999001TNA'));
  });

  it('answers zero counts for a window with no calls', async () => {
    const [score] = (await get<NpsScore[]>('/api/NpsScores', { startDate: '2001-01-01', endDate: '2001-12-31' })).body;
    expect(score).toMatchObject({ totalNPS: 0, promoterCount: 0, passiveCount: 0, detractorCount: 0, previousTotalNPS: 0 });
  });
});

describe('NPS details (GET {api}/NpsDetails)', () => {
  it('lists the completed calls of the window of the current retail center, newest first, each with its band', async () => {
    const answer = await get<NpsDetail[]>('/api/NpsDetails', rolling);
    expect(answer.status).toBe(200);
    const expected = await responsesOf('4217', rolling);
    expect(answer.body.map((row) => row.npsResponseId).sort((a, b) => a - b)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
    expect(answer.body.every((row) => row.recommendGroup === npsBand(row.recommend))).toBe(true);
    expect(new Set(answer.body.map((row) => row.recommendGroup))).toEqual(new Set(['Promoter', 'Passive', 'Detractor']));
    const dates = answer.body.map((row) => row.sixMonthCompleteDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Calls of a home on file name it, for the service-history link.
    const linked = answer.body.filter((row) => row.vantageAssetId !== null);
    expect(linked.length).toBeGreaterThan(0);
    const [home] = await t.db.select().from(homes).where(eq(homes.id, linked[0]!.vantageAssetId!));
    expect(home).toMatchObject({ serialNumber: linked[0]!.serial, plantNumber: linked[0]!.plantNumber, retailerNumber: '4217' });
  });
});

describe('NPS upcoming calls (GET {api}/NpsUpcomingCalls)', () => {
  it('lists the current homes of the retail center whose card has its NPS date in the next 90 days', async () => {
    const window = upcomingWindow(today);
    const answer = await get<NpsUpcomingCall[]>('/api/NpsUpcomingCalls', window);
    expect(answer.status).toBe(200);
    const cards = await t.db
      .select({ card: warrantyCards, home: homes })
      .from(warrantyCards)
      .innerJoin(homes, eq(homes.id, warrantyCards.homeId))
      .where(and(eq(homes.retailerNumber, '4217'), inArray(warrantyCards.statusCode, ['A', 'I'])));
    const due = cards.filter(({ card }) => card.npsDate !== null && card.npsDate >= window.startDate && card.npsDate <= window.endDate);
    expect(due.length).toBeGreaterThanOrEqual(8);
    expect(answer.body.map((call) => call.vantageAssetId).sort((a, b) => a - b)).toEqual(
      due.map(({ home }) => home.id).sort((a, b) => a - b),
    );
    const npsDates = answer.body.map((call) => call.npsDate);
    expect(npsDates).toEqual([...npsDates].sort());

    for (const call of answer.body) {
      const { card, home } = due.find(({ home }) => home.id === call.vantageAssetId)!;
      expect(call).toMatchObject({
        retailerNumber: '4217',
        retailerChain: 'Smoky Mountain Homes',
        fullSerialNumber: home.serialNumber,
        serialNumber: home.serialNumber.slice(0, 9),
        modelNumber: home.modelNumber,
        modelName: home.modelName,
        customerFirstName: card.firstName,
        customerLastName: card.lastName,
        city: card.city,
        zip: card.zipCode,
        areaCode: card.areaCode,
        phone: card.phoneNumber,
        homeCity: card.homeCity,
        addressDiffers: !isHomeAddressSameAsOwner(normalizeCardAddress(card)),
      });
      expect(call.plantName).not.toBe('');
      const submitted = (await t.db.select().from(serviceRequests).where(eq(serviceRequests.homeId, home.id))).filter(
        (request) => request.submittedAt !== null,
      );
      expect(call.services).toBe(submitted.length);
    }
  });

  it('flags a customer who gets mail elsewhere than the home', async () => {
    const window = upcomingWindow(today);
    const [first] = (await get<NpsUpcomingCall[]>('/api/NpsUpcomingCalls', window)).body;
    const [card] = await t.db.select().from(warrantyCards).where(eq(warrantyCards.homeId, first!.vantageAssetId));
    await t.db.update(warrantyCards).set({ address1: 'PO Box 4411', address2: '' }).where(eq(warrantyCards.id, card!.id));
    const moved = (await get<NpsUpcomingCall[]>('/api/NpsUpcomingCalls', window)).body.find(
      (call) => call.vantageAssetId === first!.vantageAssetId,
    );
    expect(moved).toMatchObject({ address: 'PO Box 4411', addressDiffers: true });
    await t.db.update(warrantyCards).set({ address1: card!.address1, address2: card!.address2 }).where(eq(warrantyCards.id, card!.id));
  });
});

describe('who may read NPS (spec 2 §6) and what they see', () => {
  const paths = ['/api/NpsScores', '/api/NpsDetails', '/api/NpsUpcomingCalls'];

  it('refuses users without Nps_Viewer, the company-owned retail center, and callers without a token', async () => {
    for (const path of paths) {
      expect((await get(path, rolling, tokens.service)).status).toBe(403);
      // 7740 is type C: its user holds Nps_Viewer and its rows are seeded, and still it is refused.
      expect((await get(path, rolling, tokens.company)).status).toBe(403);
      expect((await t.call('GET', path, { query: { ...rolling } })).status).toBe(401);
    }
    expect((await responsesOf('7740', rolling)).length).toBeGreaterThan(0);
  });

  it('never shows another retail center’s rows, even one of the user’s own other centers', async () => {
    // sales@ works at 4217 (current) and 4218; admin@ at 4217, 4218 and 4219.
    const own = new Set((await responsesOf('4217', rolling)).map((row) => row.id));
    for (const key of ['sales', 'admin']) {
      const details = (await get<NpsDetail[]>('/api/NpsDetails', rolling, tokens[key])).body;
      expect(details.length).toBe(own.size);
      expect(details.every((row) => own.has(row.npsResponseId))).toBe(true);
      const calls = (await get<NpsUpcomingCall[]>('/api/NpsUpcomingCalls', upcomingWindow(today), tokens[key])).body;
      expect(calls.every((call) => call.retailerNumber === '4217')).toBe(true);
    }
    expect((await responsesOf('4218', rolling)).length).toBeGreaterThan(0);
    // plant@ holds no Nps_Viewer.
    expect((await get<NpsDetail[]>('/api/NpsDetails', rolling, tokens.plant)).status).toBe(403);
  });

  it('answers 400 with a message, never 5xx, for missing, malformed, reversed or too long periods', async () => {
    const bad: Record<string, string>[] = [
      {},
      { startDate: rolling.startDate },
      { endDate: rolling.endDate },
      { startDate: '2026-02-30', endDate: '2026-03-01' },
      { startDate: '03/01/2026', endDate: '2026-03-31' },
      { startDate: '2026-03-01', endDate: '2026-03-01T00:00:00Z' },
      { startDate: '2026-03-02', endDate: '2026-03-01' },
      { startDate: '2024-01-01', endDate: '2025-01-01' },
      { startDate: '2026-01-01\u0000', endDate: '2026-02-01' },
      { startDate: "2026-01-01' or 1=1 --", endDate: '2026-02-01' },
    ];
    for (const path of paths) {
      for (const query of bad) {
        const answer = await get<{ message: string }>(path, query);
        expect(answer.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
    }
    // A leap year's whole year is 366 days and allowed.
    expect((await get('/api/NpsScores', { startDate: '2024-01-01', endDate: '2024-12-31' })).status).toBe(200);
  });
});
