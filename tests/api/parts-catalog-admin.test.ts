import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_ADMIN_MESSAGES,
  PARTS_CATALOG_MESSAGES,
  REVERT_BLOCKING_MESSAGES,
  SYNC_CURSOR_HEADER,
  type CatalogChangeRequest,
  type CatalogPart,
  type CatalogPartRow,
  type CatalogPartSubmitted,
  type ChangeHistoryItem,
  type ChangeResult,
  type ErrorBody,
  type NotInCatalogPart,
  type SyncPage,
} from '../../src/contract';
import { corporateParts, partsCatalog, partsCatalogHistory } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'plant', 'driver', 'admin']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

/** A 1×1 PNG, as a browser's FileReader gives it after the data-URL prefix is stripped. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const get = <T>(path: string, query: Record<string, string> = {}, token = tokens.plant) =>
  t.call<T>('GET', `/api/PartsCatalog${path}`, { token, query });
const post = <T>(path: string, body: unknown, token = tokens.plant, idempotencyKey?: string) =>
  t.call<T>('POST', `/api/PartsCatalog${path}`, { token, body, ...(idempotencyKey ? { idempotencyKey } : {}) });

async function approvedCursor(plantNumber: string) {
  const result = await t.call('GET', '/api/PartsCatalog', { token: tokens.service, query: { plantNumber, approved: 'true' } });
  expect(result.status).toBe(200);
  return result.headers.get(SYNC_CURSOR_HEADER)!;
}
async function approvedDelta(plantNumber: string, since: string) {
  const result = await t.call<SyncPage<CatalogPartRow>>('GET', '/api/PartsCatalog', {
    token: tokens.service,
    query: { plantNumber, approved: 'true', since },
  });
  expect(result.status).toBe(200);
  return result.body;
}
const partRow = async (id: number) => (await t.db.select().from(partsCatalog).where(eq(partsCatalog.id, id)))[0]!;
const openRequests = (id: number) =>
  t.db
    .select()
    .from(partsCatalogHistory)
    .where(and(eq(partsCatalogHistory.requestedPartsCatalogId, id), isNull(partsCatalogHistory.approved)));

async function notInCatalog(plantNumber = '910', categoryNumber = '30', commodityNumber = '310') {
  const result = await get<NotInCatalogPart[]>('/GetPartsNotInCatalog', { plantNumber, categoryNumber, commodityNumber });
  expect(result.status).toBe(200);
  return result.body;
}

async function historyItem(id: number) {
  const history = await get<ChangeHistoryItem[]>('/GetChangeRequestHistory');
  return history.body.find((item) => item.partsCatalogHistoryId === id);
}

describe('who may call what (spec 3 §6)', () => {
  it('refuses retailers and other users the admin and change-management calls, and a plant user other plants', async () => {
    const someone = (await t.db.select().from(partsCatalog).where(eq(partsCatalog.plantNumber, '944')).limit(1))[0]!;
    for (const token of [tokens.service, tokens.driver, tokens.admin]) {
      expect((await get('/GetPendingParts', {}, token)).status).toBe(403);
      expect((await get('/GetChangeRequestHistory', {}, token)).status).toBe(403);
      expect((await get('/GetChangeResult', { partsCatalogHistoryId: '1' }, token)).status).toBe(403);
      expect((await get('/GetChangeRequest', { partsCatalogId: String(someone.id) }, token)).status).toBe(403);
      expect((await get('/GetPartsNotInCatalog', { plantNumber: '910', categoryNumber: '30', commodityNumber: '310' }, token)).status).toBe(
        403,
      );
      expect(
        (
          await post(
            '',
            { plantNumber: '910', categoryNumber: '30', commodityNumber: '310', partNumber: '1', friendlyDescription: 'x' },
            token,
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await post(
            '/UpdateChangeRequest',
            { pendingPart: { partsCatalogId: someone.id, friendlyDescription: 'x' }, isApproved: true, comment: '' },
            token,
          )
        ).status,
      ).toBe(403);
      expect((await post('/RemovePartDescription', { partsCatalogId: someone.id, plantNumber: '944' }, token)).status).toBe(403);
      expect((await post('/RevertChangeResult', 1, token)).status).toBe(403);
    }
    const foreign = await post<ErrorBody>('/RemovePartDescription', { partsCatalogId: someone.id, plantNumber: '944' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(PARTS_CATALOG_MESSAGES.plantNotYours);
    // The plant named in the body must be the part's own, else the part is not the caller's either.
    const disguised = await post<ErrorBody>('/RemovePartDescription', { partsCatalogId: someone.id, plantNumber: '910' });
    expect(disguised.status).toBe(403);
    expect((await partRow(someone.id)).active).toBe(someone.active);
    expect((await get('/GetPartsNotInCatalog', { plantNumber: '944', categoryNumber: '30', commodityNumber: '310' })).status).toBe(403);
    const [corporate] = await t.db.select().from(corporateParts).limit(1);
    const elsewhere = await post('', {
      plantNumber: '944',
      categoryNumber: corporate!.categoryNumber,
      commodityNumber: corporate!.commodityNumber,
      partNumber: corporate!.partNumber,
      subPartNumber: corporate!.subPartNumber,
      friendlyDescription: 'Mine now',
    });
    expect(elsewhere.status).toBe(403);
    expect((await t.call('GET', '/api/PartsCatalog/GetPendingParts')).status).toBe(401);
  });

  it('answers 400 with a message to bad queries and bodies, never 5xx', async () => {
    const bad: [string, string, unknown][] = [
      ['GET', '/GetChangeRequest', { partsCatalogId: 'x' }],
      ['GET', '/GetChangeRequest', {}],
      ['GET', '/GetChangeResult', { partsCatalogHistoryId: '-1' }],
      ['GET', '/GetPartsNotInCatalog', { plantNumber: '910', categoryNumber: '3 0', commodityNumber: '310' }],
      [
        'POST',
        '',
        { plantNumber: '910', categoryNumber: '30', commodityNumber: '310', partNumber: '20011', friendlyDescription: 'Bad\u0000text' },
      ],
      [
        'POST',
        '',
        { plantNumber: '910', categoryNumber: '30', commodityNumber: '310', partNumber: '20011', friendlyDescription: 'x'.repeat(201) },
      ],
      [
        'POST',
        '',
        {
          plantNumber: '910',
          categoryNumber: '30',
          commodityNumber: '310',
          partNumber: '20011',
          friendlyDescription: 'Ok',
          base64Image: 'data:image/png;base64,' + PNG_BASE64,
        },
      ],
      ['POST', '', 'not json'],
      ['POST', '', [1, 2]],
      ['POST', '/UpdateChangeRequest', { pendingPart: { partsCatalogId: 'one' }, isApproved: true }],
      ['POST', '/UpdateChangeRequest', { pendingPart: { partsCatalogId: 99_999_999_999 }, isApproved: false }],
      ['POST', '/RemovePartDescription', { plantNumber: '910' }],
      ['POST', '/RevertChangeResult', { id: 1 }],
      ['POST', '/RevertChangeResult', 3_000_000_000],
      ['POST', '/RevertChangeResult', '"1"'],
    ];
    for (const [method, path, input] of bad) {
      const result =
        method === 'GET'
          ? await get<ErrorBody>(path, input as Record<string, string>)
          : await t.call<ErrorBody>('POST', `/api/PartsCatalog${path}`, { token: tokens.plant, body: input });
      expect(result.status, `${method} ${path} ${JSON.stringify(input)}`).toBe(400);
      expect(result.body.message, `${method} ${path}`).toEqual(expect.any(String));
    }
    expect((await get<ErrorBody>('/GetChangeRequest', { partsCatalogId: '99999999' })).status).toBe(404);
    expect((await get<ErrorBody>('/GetChangeResult', { partsCatalogHistoryId: '99999999' })).status).toBe(404);
    expect((await post<ErrorBody>('/RevertChangeResult', 99_999_999)).status).toBe(404);
  });
});

describe('the seeded catalog admin data (spec 3 §3, issue 13 §6)', () => {
  it('has pending, approved and inactive parts and history in every state for plants 910 and 931', async () => {
    const pending = await get<CatalogPart[]>('/GetPendingParts');
    expect(pending.status).toBe(200);
    const rows = await t.db.select().from(partsCatalog);
    const pendingRows = rows.filter((row) => row.active && !row.approved);
    expect(pending.body.map((part) => part.partsCatalogId).sort()).toEqual(pendingRows.map((row) => row.id).sort());
    for (const plantNumber of ['910', '931']) {
      expect(pending.body.some((part) => part.plantNumber === plantNumber)).toBe(true);
      expect(rows.some((row) => row.plantNumber === plantNumber && !row.active)).toBe(true);
    }
    const dates = pending.body.map((part) => part.createDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const history = await get<ChangeHistoryItem[]>('/GetChangeRequestHistory');
    expect(history.status).toBe(200);
    for (const plantNumber of ['910', '931']) {
      const statuses = new Set(history.body.filter((item) => item.requestedByPlant === plantNumber).map((item) => item.status));
      expect([...statuses].sort(), plantNumber).toEqual(['Approved', 'Declined', 'Reverted']);
    }
    expect(history.body.every((item) => item.reviewDate !== null && item.approved !== null)).toBe(true);
    // Every pending part has its open request (the pending state of the history).
    const open = await t.db.select().from(partsCatalogHistory).where(isNull(partsCatalogHistory.approved));
    expect(new Set(open.map((row) => row.requestedPartsCatalogId))).toEqual(new Set(pendingRows.map((row) => row.id)));
  });
});

describe('a part change from submission to revert (spec 3 §4, §7)', () => {
  let added: CatalogPartSubmitted;
  let addHistoryId: number;

  it('GetPartsNotInCatalog lists the corporate parts the plant does not hold', async () => {
    const parts = await notInCatalog();
    expect(parts.length).toBeGreaterThan(0);
    const held = await t.db
      .select()
      .from(partsCatalog)
      .where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.active, true)));
    for (const part of parts) {
      expect(part).toMatchObject({
        plantNumber: '910',
        categoryNumber: '30',
        commodityNumber: '310',
        categoryDescription: 'Kitchen',
        commodityDescription: 'Faucets',
      });
      expect(part.combinedPartNumber).toBe(`30310${part.partNumber}`);
      expect(
        held.some(
          (row) =>
            row.categoryNumber === '30' &&
            row.commodityNumber === '310' &&
            row.partNumber === part.partNumber &&
            row.subPartNumber === part.subPartNumber,
        ),
      ).toBe(false);
    }
    expect(parts.some((part) => part.subPartDescription === 'Contractor pack')).toBe(true);
  });

  it('POST /PartsCatalog adds a part as pending with its image, idempotently, and opens a request', async () => {
    const [choice] = await notInCatalog();
    const body = {
      plantNumber: '910',
      categoryNumber: choice!.categoryNumber,
      commodityNumber: choice!.commodityNumber,
      partNumber: choice!.partNumber,
      subPartNumber: choice!.subPartNumber,
      friendlyDescription: ' Kitchen faucet, contractor pack ',
      notes: 'For the service trucks.',
      base64Image: PNG_BASE64,
    };
    const missing = await post<ErrorBody>('', { ...body, friendlyDescription: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(CATALOG_ADMIN_MESSAGES.friendlyDescriptionRequired);
    const notAnImage = await post<ErrorBody>('', { ...body, base64Image: Buffer.from('<svg onload="x"/>').toString('base64') });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.message).toContain(CATALOG_ADMIN_MESSAGES.imageInvalid);
    const unknown = await post<ErrorBody>('', { ...body, partNumber: '99999', base64Image: undefined });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CATALOG_ADMIN_MESSAGES.notCorporatePart);

    const first = await post<CatalogPartSubmitted>('', body, tokens.plant, 'catalog-add-1');
    expect(first.status).toBe(200);
    added = first.body;
    expect(added).toMatchObject({
      combinedPartNumber: choice!.combinedPartNumber,
      friendlyDescription: 'Kitchen faucet, contractor pack',
      approved: false,
    });
    expect(added.imageFilename).toMatch(/^plant-910-\d+-[0-9a-f]{16}\.png$/);
    const replay = await post<CatalogPartSubmitted>('', body, tokens.plant, 'catalog-add-1');
    expect(replay.body).toEqual(added);
    const stored = await t.db
      .select()
      .from(partsCatalog)
      .where(and(eq(partsCatalog.plantNumber, '910'), eq(partsCatalog.partNumber, choice!.partNumber)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      approved: false,
      active: true,
      corporateDescription: choice!.corporateDescription,
      unitOfMeasure: choice!.unitOfMeasure,
      notes: 'For the service trucks.',
    });

    const image = await t.call<string>('GET', `/images/PartsCatalogImages/${added.imageFilename}`, { token: tokens.service });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const requests = await openRequests(added.partsCatalogId);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ plantNumber: '910', previousPartsCatalogId: null, requestedByUser: 'plant@demo.homesite.test' });
    addHistoryId = requests[0]!.id;

    // A second submission rewords the same pending part; no second request.
    const again = await post<CatalogPartSubmitted>('', {
      ...body,
      friendlyDescription: 'Kitchen faucet (contractor pack)',
      base64Image: undefined,
    });
    expect(again.body).toMatchObject({
      partsCatalogId: added.partsCatalogId,
      friendlyDescription: 'Kitchen faucet (contractor pack)',
      imageFilename: added.imageFilename,
    });
    expect(await openRequests(added.partsCatalogId)).toHaveLength(1);
    expect((await notInCatalog()).some((part) => part.partNumber === choice!.partNumber)).toBe(false);

    const pending = await get<CatalogPart[]>('/GetPendingParts');
    expect(pending.body[0]!.partsCatalogId).toBe(added.partsCatalogId);
    const request = await get<CatalogChangeRequest>('/GetChangeRequest', { partsCatalogId: String(added.partsCatalogId) });
    expect(request.status).toBe(200);
    expect(request.body).toMatchObject({ approvedPart: null, isApproved: false, pendingPart: { partsCatalogId: added.partsCatalogId } });
  });

  it('UpdateChangeRequest approves (friendly description required) and the approved catalog delta shows it', async () => {
    const cursor = await approvedCursor('910');
    const empty = await post<ErrorBody>('/UpdateChangeRequest', {
      approvedPart: null,
      pendingPart: { partsCatalogId: added.partsCatalogId, friendlyDescription: '' },
      isApproved: true,
      comment: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(CATALOG_ADMIN_MESSAGES.friendlyDescriptionRequired);
    const approved = await post<CatalogPart>('/UpdateChangeRequest', {
      approvedPart: null,
      pendingPart: { partsCatalogId: added.partsCatalogId, friendlyDescription: 'Kitchen faucet, contractor pack' },
      isApproved: true,
      comment: 'Fine.',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      approved: true,
      active: true,
      isActiveAndApproved: true,
      friendlyDescription: 'Kitchen faucet, contractor pack',
    });
    const again = await post<ErrorBody>('/UpdateChangeRequest', {
      pendingPart: { partsCatalogId: added.partsCatalogId, friendlyDescription: 'x' },
      isApproved: true,
      comment: '',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CATALOG_ADMIN_MESSAGES.notPending);

    const page = await approvedDelta('910', cursor);
    expect(page.items.map((row) => row.partsCatalogId)).toContain(added.partsCatalogId);
    const item = await historyItem(addHistoryId);
    expect(item).toMatchObject({
      status: 'Approved',
      approved: true,
      comment: 'Fine.',
      reviewedBy: 'plant@demo.homesite.test',
      requestedByPlant: '910',
      combinedPartNumber: added.combinedPartNumber,
    });
  });

  it('RevertChangeResult of an approval with no previous part: out of the approved catalog, the part pending again', async () => {
    const result = await get<ChangeResult>('/GetChangeResult', { partsCatalogHistoryId: String(addHistoryId) });
    expect(result.body).toMatchObject({
      approved: true,
      previousPart: null,
      requestedByPlant: '910',
      hasActivePending: false,
      reverted: false,
    });
    const cursor = await approvedCursor('910');
    const reverted = await post<ChangeResult>('/RevertChangeResult', addHistoryId);
    expect(reverted.status).toBe(200);
    expect(reverted.body.reverted).toBe(true);
    expect(await partRow(added.partsCatalogId)).toMatchObject({ approved: false, active: true });
    expect((await approvedDelta('910', cursor)).removed).toContain(added.partsCatalogId);
    expect((await historyItem(addHistoryId))?.status).toBe('Reverted');
    expect(await openRequests(added.partsCatalogId)).toHaveLength(1);
    const twice = await post<ErrorBody>('/RevertChangeResult', addHistoryId);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(CATALOG_ADMIN_MESSAGES.alreadyReverted);
  });

  it('declines (no description needed), and reverting the decline makes the part pending again', async () => {
    const declined = await post<CatalogPart>('/UpdateChangeRequest', {
      pendingPart: { partsCatalogId: added.partsCatalogId, friendlyDescription: '' },
      isApproved: false,
      comment: 'Use the corporate wording.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ approved: false, active: false });
    const [request] = await t.db
      .select()
      .from(partsCatalogHistory)
      .where(eq(partsCatalogHistory.requestedPartsCatalogId, added.partsCatalogId))
      .orderBy(partsCatalogHistory.id);
    const history = await get<ChangeHistoryItem[]>('/GetChangeRequestHistory');
    const item = history.body.find((entry) => entry.requestedPartsCatalogId === added.partsCatalogId && entry.status === 'Declined')!;
    expect(item).toMatchObject({ approved: false, comment: 'Use the corporate wording.' });
    expect(request).toBeDefined();

    const reverted = await post<ChangeResult>('/RevertChangeResult', item.partsCatalogHistoryId);
    expect(reverted.status).toBe(200);
    expect(await partRow(added.partsCatalogId)).toMatchObject({ approved: false, active: true });
  });

  it('a declined request whose part is now approved cannot be reverted', async () => {
    const history = await get<ChangeHistoryItem[]>('/GetChangeRequestHistory');
    const declined = history.body.find((entry) => entry.status === 'Declined' && entry.requestedByPlant === '931')!;
    await t.db.update(partsCatalog).set({ approved: true, active: true }).where(eq(partsCatalog.id, declined.requestedPartsCatalogId));
    const refused = await post<ErrorBody>('/RevertChangeResult', declined.partsCatalogHistoryId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REVERT_BLOCKING_MESSAGES.nowApproved);
    await t.db.update(partsCatalog).set({ approved: false, active: false }).where(eq(partsCatalog.id, declined.requestedPartsCatalogId));
  });
});

describe('a change of an approved part (spec 3 §4)', () => {
  it('approval replaces the approved version, and its revert restores it; the approved catalog delta follows both', async () => {
    const approvedRows = await t.db
      .select()
      .from(partsCatalog)
      .where(and(eq(partsCatalog.plantNumber, '931'), eq(partsCatalog.approved, true), eq(partsCatalog.active, true)));
    const pendings = await t.db
      .select()
      .from(partsCatalog)
      .where(and(eq(partsCatalog.plantNumber, '931'), eq(partsCatalog.approved, false)));
    const original = approvedRows.find(
      (row) => !pendings.some((pending) => pending.partNumber === row.partNumber && pending.subPartNumber === row.subPartNumber),
    )!;
    const submitted = await post<CatalogPartSubmitted>('', {
      partsCatalogId: original.id,
      plantNumber: '931',
      categoryNumber: original.categoryNumber,
      commodityNumber: original.commodityNumber,
      partNumber: original.partNumber,
      subPartNumber: original.subPartNumber,
      friendlyDescription: 'Clearer wording',
      notes: '',
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.partsCatalogId).not.toBe(original.id);
    expect(submitted.body.imageFilename).toBe(original.imageFilename);

    const request = await get<CatalogChangeRequest>('/GetChangeRequest', { partsCatalogId: String(submitted.body.partsCatalogId) });
    expect(request.body.approvedPart?.partsCatalogId).toBe(original.id);
    expect(request.body.pendingPart.friendlyDescription).toBe('Clearer wording');

    const cursor = await approvedCursor('931');
    const approved = await post<CatalogPart>('/UpdateChangeRequest', {
      approvedPart: request.body.approvedPart,
      pendingPart: { ...request.body.pendingPart, friendlyDescription: 'Clearer wording!' },
      isApproved: true,
      comment: '',
    });
    expect(approved.status).toBe(200);
    expect(await partRow(original.id)).toMatchObject({ approved: true, active: false });
    const page = await approvedDelta('931', cursor);
    expect(page.items.map((row) => row.partsCatalogId)).toContain(submitted.body.partsCatalogId);
    expect(page.removed).toContain(original.id);

    const [historyRow] = await t.db
      .select()
      .from(partsCatalogHistory)
      .where(eq(partsCatalogHistory.requestedPartsCatalogId, submitted.body.partsCatalogId));
    expect(historyRow).toMatchObject({ approved: true, previousPartsCatalogId: original.id });
    const next = await approvedCursor('931');
    const reverted = await post<ChangeResult>('/RevertChangeResult', historyRow!.id);
    expect(reverted.status).toBe(200);
    expect(await partRow(original.id)).toMatchObject({ approved: true, active: true });
    expect(await partRow(submitted.body.partsCatalogId)).toMatchObject({ approved: false, active: true });
    const back = await approvedDelta('931', next);
    expect(back.items.map((row) => row.partsCatalogId)).toContain(original.id);
    expect(back.removed).toContain(submitted.body.partsCatalogId);
  });

  it('blocks a revert while the plant has a pending change, and when the requested part is no longer approved', async () => {
    const history = await get<ChangeHistoryItem[]>('/GetChangeRequestHistory');
    let pendingBlocked = false;
    let replacedBlocked = false;
    for (const item of history.body.filter((entry) => entry.status === 'Approved' && ['910', '931'].includes(entry.requestedByPlant))) {
      const result = (await get<ChangeResult>('/GetChangeResult', { partsCatalogHistoryId: String(item.partsCatalogHistoryId) })).body;
      if (result.hasActivePending && result.requestedPart.active && result.requestedPart.approved && !pendingBlocked) {
        const refused = await post<ErrorBody>('/RevertChangeResult', item.partsCatalogHistoryId);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(REVERT_BLOCKING_MESSAGES.activePending(item.requestedByPlant));
        pendingBlocked = true;
      }
      if (!result.requestedPart.active && !replacedBlocked) {
        const refused = await post<ErrorBody>('/RevertChangeResult', item.partsCatalogHistoryId);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(REVERT_BLOCKING_MESSAGES.noLongerApproved);
        replacedBlocked = true;
      }
    }
    expect(pendingBlocked && replacedBlocked).toBe(true);
  });
});

describe('RemovePartDescription (spec 3 §4, §7)', () => {
  it('takes every version of the part out of the catalog, closes its pending request, and the delta removes it', async () => {
    const pending = (await get<CatalogPart[]>('/GetPendingParts')).body.find(
      (part) => part.plantNumber === '910' && part.friendlyDescription.endsWith('(plant stock)'),
    )!;
    const request = await get<CatalogChangeRequest>('/GetChangeRequest', { partsCatalogId: String(pending.partsCatalogId) });
    const approvedId = request.body.approvedPart!.partsCatalogId;
    const cursor = await approvedCursor('910');
    const removed = await post<CatalogPart>('/RemovePartDescription', { ...request.body.approvedPart, plantNumber: '910' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ partsCatalogId: approvedId, active: false, combinedPartNumber: pending.combinedPartNumber });
    expect(await partRow(approvedId)).toMatchObject({ active: false });
    expect(await partRow(pending.partsCatalogId)).toMatchObject({ active: false });
    expect(await openRequests(pending.partsCatalogId)).toHaveLength(0);
    expect((await approvedDelta('910', cursor)).removed).toContain(approvedId);
    const offered = await notInCatalog('910', pending.categoryNumber, pending.commodityNumber);
    expect(offered.some((part) => part.partNumber === pending.partNumber && part.subPartNumber === pending.subPartNumber)).toBe(true);
    const again = await post<ErrorBody>('/RemovePartDescription', { partsCatalogId: approvedId, plantNumber: '910' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CATALOG_ADMIN_MESSAGES.alreadyRemoved);
  });
});

describe('replays (Idempotency-Key, the outbox and retries)', () => {
  it('answers a replayed approval, removal and revert as the first time and does nothing again', async () => {
    const [choice] = await notInCatalog('931', '10', '110');
    const submitted = await post<CatalogPartSubmitted>('', {
      plantNumber: '931',
      categoryNumber: '10',
      commodityNumber: '110',
      partNumber: choice!.partNumber,
      subPartNumber: choice!.subPartNumber,
      friendlyDescription: 'Replay faucet',
    });
    const decision = {
      pendingPart: { partsCatalogId: submitted.body.partsCatalogId, friendlyDescription: 'Replay faucet' },
      isApproved: true,
      comment: '',
    };
    const first = await post<CatalogPart>('/UpdateChangeRequest', decision, tokens.plant, 'replay-approve');
    const again = await post<CatalogPart>('/UpdateChangeRequest', decision, tokens.plant, 'replay-approve');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const [request] = await t.db
      .select()
      .from(partsCatalogHistory)
      .where(eq(partsCatalogHistory.requestedPartsCatalogId, submitted.body.partsCatalogId));
    const reverted = await post<ChangeResult>('/RevertChangeResult', request!.id, tokens.plant, 'replay-revert');
    const revertedAgain = await post<ChangeResult>('/RevertChangeResult', request!.id, tokens.plant, 'replay-revert');
    expect(reverted.status).toBe(200);
    expect(revertedAgain.body).toEqual(reverted.body);
    expect(await openRequests(submitted.body.partsCatalogId)).toHaveLength(1);

    const removal = { partsCatalogId: submitted.body.partsCatalogId, plantNumber: '931' };
    const removed = await post<CatalogPart>('/RemovePartDescription', removal, tokens.plant, 'replay-remove');
    const removedAgain = await post<CatalogPart>('/RemovePartDescription', removal, tokens.plant, 'replay-remove');
    expect(removed.status).toBe(200);
    expect(removedAgain.body).toEqual(removed.body);
    expect(await partRow(submitted.body.partsCatalogId)).toMatchObject({ active: false });
  });
});
