import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_MESSAGES,
  MAX_DELIVERY_FORM_BYTES,
  QUESTION_TYPES,
  SURVEY_TYPES,
  isAnswerValid,
  type DeliveryFormConflict,
  type DeliveryReport,
  type DeliveryReportInput,
  type DeliveryReportRow,
  type DeliveryReportSubmitted,
  type SurveyAttachment,
  type SurveyQuestion,
} from '../../src/contract';
import { homes, submittedSurveys, surveyAnswers, surveyAttachments, surveyQuestions } from '../../src/server/db/schema';
import { createTestContext, ifNoneMatchFormsOf, type CallResult, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};

const asset = (name: string) => readFileSync(new URL(`../../src/server/db/seed/assets/delivery/${name}`, import.meta.url));
const FRONT = asset('front-elevation.jpg');
const KITCHEN = asset('kitchen.jpg');
const SITE = asset('site-overview.jpg');
/** A 1x1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'viewer', 'sales', 'plant', 'driver', 'admin']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

/** Homes handed out to tests, so that each test files its own report whatever order they run in. */
const used = new Set<number>();

/** A sold home without a delivery report, of a retailer (and optionally some plants), not used by another test yet. */
async function freshHome(retailerNumber = '4217', plants?: readonly string[]) {
  const reported = (await t.db.select({ homeId: submittedSurveys.homeId }).from(submittedSurveys)).map((row) => row.homeId);
  const candidates = await t.db
    .select()
    .from(homes)
    .where(
      and(
        eq(homes.retailerNumber, retailerNumber),
        isNotNull(homes.soldDate),
        reported.length > 0 ? notInArray(homes.id, reported) : undefined,
        plants ? inArray(homes.plantNumber, [...plants]) : undefined,
      ),
    )
    .orderBy(homes.id);
  const home = candidates.find((candidate) => !used.has(candidate.id));
  if (!home) throw new Error(`no fresh home of ${retailerNumber}`);
  used.add(home.id);
  return home;
}

const blankFormOf = (home: { plantNumber: string; serialNumber: string }, token = tokens.service) =>
  t.call<DeliveryReport>('GET', `/api/DeliveryForm/${home.plantNumber}/${home.serialNumber}`, { token });

const validAnswer = (question: SurveyQuestion): string => {
  switch (question.questionType) {
    case QUESTION_TYPES.dateTime:
      return '2026-10-02';
    case QUESTION_TYPES.yesNo:
      return 'Yes';
    case QUESTION_TYPES.trueFalse:
      return 'false';
    default:
      return `Checked: ${question.questionText}`;
  }
};

const photo = (bytes: Buffer, imageFileName: string, description = 'Front of the home') => ({
  imageFileName,
  base64Image: bytes.toString('base64'),
  description,
  amount: 0,
});

/** A body answering every question of `form` validly, with the given photos. */
function bodyFor(
  form: DeliveryReport,
  attachments = [photo(FRONT, 'IMG_0001.JPG'), photo(KITCHEN, 'kitchen.jpeg', 'Kitchen, after cleaning.')],
): DeliveryReportInput {
  return {
    plantNumber: form.plantNumber,
    serialNumber: form.serialNumber,
    deliveryDateQuestion: { questionId: form.deliveryDateQuestion.questionId, answer: '2026-10-01' },
    siteDeliveryQuestion: { questionId: form.siteDeliveryQuestion.questionId, answer: 'No' },
    questionGroups: form.questionGroups.map((group) => ({
      questionGroupId: group.questionGroupId,
      questions: group.questions.map((question) => ({ questionId: question.questionId, answer: validAnswer(question) })),
    })),
    surveyAttachments: attachments,
  };
}

async function newForm(retailerNumber = '4217', plants?: readonly string[]) {
  const home = await freshHome(retailerNumber, plants);
  const form = await blankFormOf(home);
  expect(form.status).toBe(200);
  return form.body;
}

const submit = (body: unknown, options: { token?: string; idempotencyKey?: string } = {}) =>
  t.call<DeliveryReportSubmitted & { field?: string }>('POST', '/api/DeliveryForm', {
    token: options.token ?? tokens.service,
    body,
    idempotencyKey: options.idempotencyKey,
  });

const readReport = (submittedSurveyId: number, token = tokens.service) =>
  t.call<DeliveryReport>('GET', `/api/DeliveryForm/${submittedSurveyId}`, { token });
const list = (token = tokens.service) => t.call<DeliveryReportRow[]>('GET', '/api/Survey', { token, query: { surveyId: '1' } });
const image = (imageFileName: string, token = tokens.service, headers: Record<string, string> = {}) =>
  t.app.request(`/images?folder=SurveyAttachments&fileName=${encodeURIComponent(imageFileName)}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

async function stored() {
  const [reports] = await t.db.select({ n: count() }).from(submittedSurveys);
  const [answers] = await t.db.select({ n: count() }).from(surveyAnswers);
  const [files] = await t.db.select({ n: count() }).from(surveyAttachments);
  return { reports: reports!.n, answers: answers!.n, files: files!.n };
}

/** A submitted report of the service demo user's retail center, made through the API. */
async function submittedOf(attachments?: ReturnType<typeof photo>[]) {
  const form = await newForm();
  const result = await submit(bodyFor(form, attachments));
  expect(result.status).toBe(200);
  return { form, id: result.body.submittedSurveyId };
}

describe('blank delivery form (spec 2 §3 DeliveryReport, §7 GET /DeliveryForm/{plantNumber}/{serialNumber})', () => {
  it('answers the questions of survey type 1 in sequence, in all four question types, unanswered and without attachments', async () => {
    const home = await freshHome();
    const { status, body: form } = await blankFormOf(home);
    expect(status).toBe(200);
    expect(form).toMatchObject({
      surveyId: 1,
      submittedSurveyId: null,
      plantNumber: home.plantNumber,
      serialNumber: home.serialNumber,
      modelNumber: home.modelNumber,
      submittedBy: '',
      submitDate: null,
      surveyAttachments: [],
    });
    expect(form.customerName).toBe(`${home.homeownerFirstName} ${home.homeownerLastName}`);
    expect(form.plantName.length).toBeGreaterThan(0);
    expect(form.deliveryDateQuestion).toMatchObject({ questionType: QUESTION_TYPES.dateTime, isRequired: true, answer: null });
    expect(form.siteDeliveryQuestion).toMatchObject({ questionType: QUESTION_TYPES.yesNo, isRequired: true, answer: null });
    expect(form.questionGroups.length).toBeGreaterThanOrEqual(3);
    const groupQuestions = form.questionGroups.flatMap((group) => group.questions);
    expect(new Set(groupQuestions.map((question) => question.questionType))).toEqual(new Set([1, 2, 3, 4]));
    expect(groupQuestions.every((question) => question.answer === null)).toBe(true);
    expect(groupQuestions.some((question) => question.isRequired) && groupQuestions.some((question) => !question.isRequired)).toBe(true);
    const sequences = form.questionGroups.map((group) => group.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    for (const group of form.questionGroups) {
      expect(group.questions.map((question) => question.sequence)).toEqual(
        group.questions.map((question) => question.sequence).sort((a, b) => a - b),
      );
    }
    // Only active questions of the delivery form: no retailer checklist question, no retired one.
    const shown = new Set([
      form.deliveryDateQuestion.questionId,
      form.siteDeliveryQuestion.questionId,
      ...groupQuestions.map((question) => question.questionId),
    ]);
    const rows = await t.db.select().from(surveyQuestions);
    expect(rows.some((row) => row.surveyType === SURVEY_TYPES.RetailerChecklist)).toBe(true);
    expect(rows.filter((row) => shown.has(row.id)).every((row) => row.surveyType === SURVEY_TYPES.DeliveryForm && row.isActive)).toBe(true);
    expect(rows.filter((row) => row.surveyType === SURVEY_TYPES.DeliveryForm && row.isActive).length).toBe(shown.size);
  });

  it('is for the homes of the user’s scope only: another retailer’s home and an unknown serial are 404, no reader role 403', async () => {
    const other = await freshHome('5123');
    const refused = await blankFormOf(other);
    expect(refused.status).toBe(404);
    expect((refused.body as unknown as { message: string }).message).toContain(other.serialNumber);
    expect((await blankFormOf({ plantNumber: other.plantNumber, serialNumber: 'NOSUCH123' })).status).toBe(404);
    const own = await freshHome();
    expect((await blankFormOf(own, tokens.viewer)).status).toBe(200);
    expect((await blankFormOf(own, tokens.sales)).status).toBe(200);
    expect((await blankFormOf(own, tokens.driver)).status).toBe(403);
    expect((await t.call('GET', `/api/DeliveryForm/${own.plantNumber}/${own.serialNumber}`)).status).toBe(401);
    expect((await blankFormOf({ plantNumber: 'abc', serialNumber: own.serialNumber })).status).toBe(400);
    // The serial number is matched whatever its case.
    expect((await blankFormOf({ plantNumber: own.plantNumber, serialNumber: own.serialNumber.toLowerCase() })).status).toBe(200);
  });

  it('lets a plant user open the homes of their facilities, whatever the retailer, and no others', async () => {
    const atFacility = await freshHome('4217', ['910', '931']);
    expect((await blankFormOf(atFacility, tokens.plant)).status).toBe(200);
    const elsewhere = await freshHome('4217', ['915', '920', '944', '952', '967', '973']);
    expect((await blankFormOf(elsewhere, tokens.plant)).status).toBe(404);
  });
});

describe('submitting a delivery report (spec 2 §5, §7 POST /DeliveryForm)', () => {
  it('stores the answers and both photos, answers the id, and reads back with the photos served by the images base', async () => {
    const form = await newForm();
    const body = bodyFor(form);
    const result = await submit(body);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(['submittedSurveyId']);
    const id = result.body.submittedSurveyId;

    const { status, body: report } = await readReport(id);
    expect(status).toBe(200);
    expect(report).toMatchObject({
      surveyId: 1,
      submittedSurveyId: id,
      serialNumber: form.serialNumber,
      plantNumber: form.plantNumber,
      submittedBy: 'Sam Rivera',
    });
    expect(Date.now() - Date.parse(report.submitDate!)).toBeLessThan(60_000);
    expect(report.deliveryDateQuestion.answer).toBe('2026-10-01');
    expect(report.siteDeliveryQuestion.answer).toBe('No');
    const sent = new Map(body.questionGroups.flatMap((group) => group.questions.map((question) => [question.questionId, question.answer])));
    for (const question of report.questionGroups.flatMap((group) => group.questions))
      expect(question.answer).toBe(sent.get(question.questionId));

    expect(report.surveyAttachments).toHaveLength(2);
    const [first, second] = report.surveyAttachments as [SurveyAttachment, SurveyAttachment];
    expect(first).toMatchObject({
      imageFileName: `${id}-1-IMG_0001.jpg`,
      contentType: 'image/jpeg',
      description: 'Front of the home',
      amount: 0,
      rowVersion: 0,
    });
    expect(second).toMatchObject({ imageFileName: `${id}-2-kitchen.jpg`, description: 'Kitchen, after cleaning.' });
    expect(first).not.toHaveProperty('base64Image');
    expect(first.imageUploadId).not.toBe(second.imageUploadId);

    const served = await image(first.imageFileName);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(FRONT)).toBe(true);
    const etag = served.headers.get('etag')!;
    for (const ifNoneMatch of ifNoneMatchFormsOf(etag))
      expect((await image(first.imageFileName, tokens.service, { 'if-none-match': ifNoneMatch })).status).toBe(304);
    const kitchen = await image(second.imageFileName, tokens.viewer);
    expect(Buffer.from(await kitchen.arrayBuffer()).equals(KITCHEN)).toBe(true);

    // Newest first in the list; the form of the home is now the submitted one (409 with its id).
    const rows = await list();
    expect(rows.body[0]).toMatchObject({
      submittedSurveyId: id,
      serialNumber: form.serialNumber,
      plantNumber: form.plantNumber,
      plantName: form.plantName,
      submittedBy: 'Sam Rivera',
    });
    const again = await blankFormOf(form);
    expect(again.status).toBe(409);
    expect(again.body as unknown as DeliveryFormConflict).toEqual({ message: DELIVERY_MESSAGES.alreadySubmitted, submittedSurveyId: id });
  });

  it('answers a replay with the same Idempotency-Key from the stored response and creates nothing new', async () => {
    const form = await newForm();
    const body = bodyFor(form);
    const first = await submit(body, { idempotencyKey: 'delivery-replay-1' });
    expect(first.status).toBe(200);
    const before = await stored();
    const replay = await submit(body, { idempotencyKey: 'delivery-replay-1' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await stored()).toEqual(before);
  });

  it('refuses a second report for the same home with 409', async () => {
    const form = await newForm();
    const first = await submit(bodyFor(form));
    expect(first.status).toBe(200);
    const before = await stored();
    const second = await submit(bodyFor(form, [photo(SITE, 'another.jpg')]));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: DELIVERY_MESSAGES.alreadySubmitted, submittedSurveyId: first.body.submittedSurveyId });
    expect(await stored()).toEqual(before);
  });

  it('is for Service_User and Sales_User within their scope: viewers and others 403, another retailer’s home 404', async () => {
    const form = await newForm();
    const before = await stored();
    expect((await submit(bodyFor(form), { token: tokens.viewer })).status).toBe(403);
    expect((await submit(bodyFor(form), { token: tokens.driver })).status).toBe(403);
    expect((await t.call('POST', '/api/DeliveryForm', { body: bodyFor(form) })).status).toBe(401);
    const other = await freshHome('5123');
    expect((await submit({ ...bodyFor(form), plantNumber: other.plantNumber, serialNumber: other.serialNumber })).status).toBe(404);
    expect(await stored()).toEqual(before);
    expect((await submit(bodyFor(form), { token: tokens.sales })).status).toBe(200);
  });

  it('refuses a missing required answer with 400 naming the question, and writes nothing', async () => {
    const form = await newForm();
    const before = await stored();
    const noDate = bodyFor(form);
    noDate.deliveryDateQuestion.answer = '';
    const refused = await submit(noDate);
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { message: string }).message).toBe(
      `${DELIVERY_MESSAGES.answerRequired} (${form.deliveryDateQuestion.questionText})`,
    );

    const required = form.questionGroups.flatMap((group) => group.questions).find((question) => question.isRequired)!;
    const withoutOne = bodyFor(form);
    withoutOne.questionGroups = withoutOne.questionGroups.map((group) => ({
      ...group,
      questions: group.questions.filter((question) => question.questionId !== required.questionId),
    }));
    const missing = await submit(withoutOne);
    expect(missing.status).toBe(400);
    expect((missing.body as unknown as { message: string }).message).toContain(required.questionText);
    expect(await stored()).toEqual(before);
    // The delivery date stays required even if its row is changed to optional.
    await t.db.update(surveyQuestions).set({ isRequired: false }).where(eq(surveyQuestions.id, form.deliveryDateQuestion.questionId));
    try {
      expect((await blankFormOf(form)).body.deliveryDateQuestion.isRequired).toBe(true);
      expect((await submit(noDate)).status).toBe(400);
    } finally {
      await t.db.update(surveyQuestions).set({ isRequired: true }).where(eq(surveyQuestions.id, form.deliveryDateQuestion.questionId));
    }
    // Optional questions may stay unanswered.
    const optionalOnlyAnswered = bodyFor(form);
    optionalOnlyAnswered.questionGroups = optionalOnlyAnswered.questionGroups.map((group, index) => ({
      ...group,
      questions: group.questions.map((question, questionIndex) => ({
        ...question,
        answer: form.questionGroups[index]!.questions[questionIndex]!.isRequired ? question.answer : null,
      })),
    }));
    const accepted = await submit(optionalOnlyAnswered);
    expect(accepted.status).toBe(200);
    const report = await readReport(accepted.body.submittedSurveyId);
    expect(
      report.body.questionGroups
        .flatMap((group) => group.questions)
        .filter((question) => !question.isRequired)
        .every((question) => question.answer === null),
    ).toBe(true);
  });

  it('needs at least one photo (spec 2 §9), refuses files that are not JPEG or GIF by their content, and drops duplicate contents', async () => {
    const form = await newForm();
    const before = await stored();
    const none = await submit(bodyFor(form, []));
    expect(none.status).toBe(400);
    expect((none.body as unknown as { message: string }).message).toBe(DELIVERY_MESSAGES.attachmentRequired);

    const text = await submit(bodyFor(form, [photo(FRONT, 'a.jpg'), photo(Buffer.from('just some text, not a picture'), 'notes.jpg')]));
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: DELIVERY_MESSAGES.invalidFile, field: 'surveyAttachments.1.base64Image' });
    // PDF is not enabled for delivery reports (contract SURVEY_PDF_ENABLED).
    expect((await submit(bodyFor(form, [photo(PDF, 'report.pdf')]))).status).toBe(400);
    expect(await stored()).toEqual(before);

    const result = await submit(
      bodyFor(form, [photo(FRONT, 'one.jpg'), photo(GIF, 'dot.gif'), photo(FRONT, 'one-again.jpg', 'Same photo')]),
    );
    expect(result.status).toBe(200);
    const report = await readReport(result.body.submittedSurveyId);
    expect(report.body.surveyAttachments.map((attachment) => [attachment.imageFileName, attachment.contentType])).toEqual([
      [`${result.body.submittedSurveyId}-1-one.jpg`, 'image/jpeg'],
      [`${result.body.submittedSurveyId}-2-dot.gif`, 'image/gif'],
    ]);
    expect((await image(report.body.surveyAttachments[1]!.imageFileName)).headers.get('content-type')).toBe('image/gif');
  });

  it('takes a report with several phone-sized photos, over the default body limit of 1 MB', async () => {
    const form = await newForm();
    // JPEG signature and 1.5 MB of noise each: what the content check and the body limit see of a phone photo.
    const phonePhotos = Array.from({ length: 4 }, (_, index) =>
      photo(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1_500_000)]), `phone-${index}.jpg`),
    );
    const result = await submit(bodyFor(form, phonePhotos));
    expect(result.status).toBe(200);
    const report = await readReport(result.body.submittedSurveyId);
    expect(report.body.surveyAttachments).toHaveLength(4);
    const served = await image(report.body.surveyAttachments[3]!.imageFileName);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(phonePhotos[3]!.base64Image);
  });

  it('answers 413, not 500, to a body over MAX_DELIVERY_FORM_BYTES, and writes nothing', async () => {
    const other = await newForm();
    const before = await stored();
    const tooLarge = await submit({ ...bodyFor(other), filler: 'x'.repeat(MAX_DELIVERY_FORM_BYTES) });
    expect(tooLarge.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses bad bodies with 400 and writes nothing: control characters, huge numbers, wrong types, invalid base64, foreign questions, answers of the wrong type', async () => {
    const form = await newForm();
    const valid = bodyFor(form);
    const firstGroup = form.questionGroups[0]!;
    const [checklistQuestion] = await t.db
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.surveyType, SURVEY_TYPES.RetailerChecklist));
    const [retired] = await t.db
      .select()
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.surveyType, SURVEY_TYPES.DeliveryForm), eq(surveyQuestions.isActive, false)));
    expect(retired).toBeDefined();
    const byType = (type: number) =>
      form.questionGroups.flatMap((group) => group.questions).find((question) => question.questionType === type)!;
    const withAnswer = (questionId: number, answer: unknown) => ({
      ...valid,
      questionGroups: valid.questionGroups.map((group) => ({
        ...group,
        questions: group.questions.map((question) => (question.questionId === questionId ? { ...question, answer } : question)),
      })),
    });
    const extraQuestion = (questionId: number) => ({
      ...valid,
      questionGroups: [
        { ...valid.questionGroups[0]!, questions: [...valid.questionGroups[0]!.questions, { questionId, answer: 'x' }] },
        ...valid.questionGroups.slice(1),
      ],
    });
    const bad: [string, unknown][] = [
      ['control character in an answer', withAnswer(byType(QUESTION_TYPES.string).questionId, 'fine\u0000text')],
      [
        'control character in a description',
        { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, description: 'front\u0007' }] },
      ],
      [
        'special characters in a description',
        { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, description: 'front <b>' }] },
      ],
      ['huge question id', { ...valid, siteDeliveryQuestion: { questionId: 1e12, answer: 'Yes' } }],
      ['huge amount', { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, amount: 1e15 }] }],
      ['negative amount', { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, amount: -1 }] }],
      ['answer of a wrong type', withAnswer(byType(QUESTION_TYPES.string).questionId, 12)],
      ['plant number of a wrong type', { ...valid, plantNumber: 910 }],
      ['attachments not a list', { ...valid, surveyAttachments: 'photo' }],
      [
        'base64 with characters outside the alphabet',
        { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, base64Image: '/9j/4AAQ$$$' }] },
      ],
      [
        'base64 cut short',
        { ...valid, surveyAttachments: [{ ...valid.surveyAttachments[0]!, base64Image: FRONT.toString('base64').slice(0, 101) }] },
      ],
      [
        'a data URL instead of base64',
        {
          ...valid,
          surveyAttachments: [{ ...valid.surveyAttachments[0]!, base64Image: `data:image/jpeg;base64,${FRONT.toString('base64')}` }],
        },
      ],
      ['a question of the retailer checklist', extraQuestion(checklistQuestion!.id)],
      ['a retired question', extraQuestion(retired!.id)],
      ['a question that does not exist', extraQuestion(2_000_000_000)],
      [
        'the site delivery question sent as the delivery date',
        { ...valid, deliveryDateQuestion: { questionId: form.siteDeliveryQuestion.questionId, answer: '2026-10-01' } },
      ],
      [
        'a question of another group',
        {
          ...valid,
          questionGroups: [
            {
              questionGroupId: firstGroup.questionGroupId,
              questions: [
                {
                  questionId: form.questionGroups[1]!.questions[0]!.questionId,
                  answer: validAnswer(form.questionGroups[1]!.questions[0]!),
                },
              ],
            },
          ],
        },
      ],
      ['a question answered twice', extraQuestion(firstGroup.questions[0]!.questionId)],
      ['yes/no answered Maybe', withAnswer(byType(QUESTION_TYPES.yesNo).questionId, 'Maybe')],
      ['true/false answered Yes', withAnswer(byType(QUESTION_TYPES.trueFalse).questionId, 'Yes')],
      ['a day that does not exist', withAnswer(byType(QUESTION_TYPES.dateTime).questionId, '2026-02-30')],
      ['a delivery date that is not a date', { ...valid, deliveryDateQuestion: { ...valid.deliveryDateQuestion, answer: 'yesterday' } }],
      ['an answer longer than the limit', withAnswer(byType(QUESTION_TYPES.string).questionId, 'x'.repeat(1001))],
      ['no body', undefined],
      ['not JSON', '{"plantNumber":'],
    ];
    const before = await stored();
    for (const [label, body] of bad) {
      const result = await submit(body);
      expect(result.status, label).toBe(400);
      expect(typeof (result.body as unknown as { message: string }).message, label).toBe('string');
    }
    expect(await stored()).toEqual(before);
    // The same form is accepted once it is right, and a date with a time is kept as its day.
    const timed = await submit({
      ...valid,
      deliveryDateQuestion: valid.deliveryDateQuestion,
      questionGroups: withAnswer(byType(QUESTION_TYPES.dateTime).questionId, '2026-10-03T14:30:00Z').questionGroups,
    });
    expect(timed.status).toBe(200);
    const report = await readReport(timed.body.submittedSurveyId);
    expect(
      report.body.questionGroups
        .flatMap((group) => group.questions)
        .find((question) => question.questionId === byType(QUESTION_TYPES.dateTime).questionId)!.answer,
    ).toBe('2026-10-03');
  });
});

describe('reading submitted reports (spec 2 §7 GET /DeliveryForm/{id}, GET /Survey?surveyId=1)', () => {
  it('lists the reports of the user’s retail center newest first, with the seeded ones', async () => {
    const rows = await list();
    expect(rows.status).toBe(200);
    const own = await t.db.select().from(submittedSurveys).where(eq(submittedSurveys.retailerNumber, '4217'));
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(rows.body.map((row) => row.submittedSurveyId).sort((a, b) => a - b)).toEqual(
      own.map((report) => report.id).sort((a, b) => a - b),
    );
    const dates = rows.body.map((row) => Date.parse(row.submitDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Object.keys(rows.body[0]!).sort()).toEqual([
      'plantName',
      'plantNumber',
      'serialNumber',
      'submitDate',
      'submittedBy',
      'submittedSurveyId',
    ]);
    expect((await list(tokens.viewer)).status).toBe(200);
    expect((await list(tokens.driver)).status).toBe(403);
    expect((await t.call('GET', '/api/Survey', { token: tokens.service, query: { surveyId: '9' } })).status).toBe(400);
    expect((await t.call('GET', '/api/Survey', { token: tokens.service })).status).toBe(400);
    const checklist = await t.call<DeliveryReportRow[]>('GET', '/api/Survey', { token: tokens.service, query: { surveyId: '2' } });
    expect(checklist.body).toEqual([]);
  });

  it('hides another retailer’s reports: not in the list, 404 by id, its photos 404', async () => {
    const [foreign] = await t.db.select().from(submittedSurveys).where(eq(submittedSurveys.retailerNumber, '4218'));
    expect(foreign).toBeDefined();
    expect((await list()).body.map((row) => row.submittedSurveyId)).not.toContain(foreign!.id);
    expect((await readReport(foreign!.id)).status).toBe(404);
    const [file] = await t.db.select().from(surveyAttachments).where(eq(surveyAttachments.submittedSurveyId, foreign!.id));
    expect((await image(file!.imageFileName)).status).toBe(404);
    // admin@'s current retail center is 4217 too: switching is what would show 4218's.
    expect((await readReport(foreign!.id, tokens.admin)).status).toBe(404);
    expect((await readReport(foreign!.id, tokens.driver)).status).toBe(403);
    expect((await t.call('GET', '/api/DeliveryForm/abc', { token: tokens.service })).status).toBe(400);
    expect((await readReport(999_999_999)).status).toBe(404);
  });

  it('shows a plant user the reports of their facilities only, whatever the retailer', async () => {
    const rows = await list(tokens.plant);
    expect(rows.status).toBe(200);
    const atFacilities = await t.db
      .select()
      .from(submittedSurveys)
      .where(inArray(submittedSurveys.plantNumber, ['910', '931']));
    expect(atFacilities.length).toBeGreaterThan(0);
    expect(rows.body.map((row) => row.submittedSurveyId).sort((a, b) => a - b)).toEqual(
      atFacilities.map((report) => report.id).sort((a, b) => a - b),
    );
    const seen = await readReport(atFacilities[0]!.id, tokens.plant);
    expect(seen.status).toBe(200);
    expect(seen.body.surveyAttachments.length).toBeGreaterThan(0);
    const [elsewhere] = await t.db
      .select()
      .from(submittedSurveys)
      .where(notInArray(submittedSurveys.plantNumber, ['910', '931']));
    expect((await readReport(elsewhere!.id, tokens.plant)).status).toBe(404);
  });

  it('serves seeded reports with their answers and real photos', async () => {
    const seededReports = await t.db.select().from(submittedSurveys).where(eq(submittedSurveys.retailerNumber, '4217'));
    // Every seeded report is one the server would have taken: required questions answered, answers of their type.
    for (const { id } of seededReports) {
      const { body } = await readReport(id);
      const questions = [body.deliveryDateQuestion, body.siteDeliveryQuestion, ...body.questionGroups.flatMap((group) => group.questions)];
      expect(
        questions.filter((question) => question.isRequired).every((question) => question.answer !== null && question.answer !== ''),
      ).toBe(true);
      expect(questions.every((question) => isAnswerValid(question.questionType, question.answer))).toBe(true);
      expect(Date.parse(body.deliveryDateQuestion.answer!)).toBeLessThanOrEqual(Date.parse(body.submitDate!));
    }
    const [seeded] = seededReports;
    const { body: report } = await readReport(seeded!.id);
    expect(report.deliveryDateQuestion.answer).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['Yes', 'No']).toContain(report.siteDeliveryQuestion.answer);
    expect(report.surveyAttachments.length).toBeGreaterThanOrEqual(1);
    const served = await image(report.surveyAttachments[0]!.imageFileName, tokens.sales);
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.byteLength).toBeGreaterThan(10_000);
    // Images: a reader role is needed, and the folder and name must be ones this server makes.
    expect((await image(report.surveyAttachments[0]!.imageFileName, tokens.driver)).status).toBe(403);
    expect(
      (await t.app.request('/images?folder=Elsewhere&fileName=a.jpg', { headers: { authorization: `Bearer ${tokens.service}` } })).status,
    ).toBe(400);
    expect((await image('../../etc/passwd')).status).toBe(400);
    // The service attachments of the same images base keep their own readers: a sales user without a service role is refused.
    expect(
      (
        await t.app.request('/images?folder=ServiceAttachments&fileName=069ABC.jpg', {
          headers: { authorization: `Bearer ${tokens.sales}` },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.app.request('/images?folder=ServiceAttachments&fileName=069ABC.jpg', {
          headers: { authorization: `Bearer ${tokens.viewer}` },
        })
      ).status,
    ).toBe(404);
  });
});

describe('attachments of a submitted report (spec 2 §7 POST, PUT, DELETE /Survey/SurveyAttachment)', () => {
  const add = (submittedSurveyId: number, file = photo(SITE, 'site.jpg', 'Site overview'), token = tokens.service) =>
    t.call<SurveyAttachment>('POST', '/api/Survey/SurveyAttachment', { token, body: { submittedSurveyId, ...file } });
  const edit = (id: number, body: unknown, token = tokens.service) =>
    t.call<SurveyAttachment>('PUT', `/api/Survey/SurveyAttachment/${id}`, { token, body });
  const remove = (id: number, token = tokens.service) =>
    t.call<SurveyAttachment>('DELETE', `/api/Survey/SurveyAttachment/${id}`, { token });

  it('adds a photo (200 with the attachment), answers the existing one for the same contents, edits with rowVersion and removes', async () => {
    const { id } = await submittedOf();
    const added = await add(id);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      imageFileName: `${id}-3-site.jpg`,
      description: 'Site overview',
      contentType: 'image/jpeg',
      rowVersion: 0,
    });
    expect((await readReport(id)).body.surveyAttachments).toHaveLength(3);
    expect(Buffer.from(await (await image(added.body.imageFileName)).arrayBuffer()).equals(SITE)).toBe(true);

    const before = await stored();
    const same = await add(id, photo(SITE, 'site-copy.jpg', 'Again'));
    expect(same.status).toBe(200);
    expect(same.body.surveyAttachmentId).toBe(added.body.surveyAttachmentId);
    expect(await stored()).toEqual(before);

    const edited = await edit(added.body.surveyAttachmentId, { description: 'Site overview, from the road', amount: 125.5, rowVersion: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Site overview, from the road', amount: 125.5, rowVersion: 1 });
    const stale = await edit(added.body.surveyAttachmentId, { description: 'Older copy', rowVersion: 0 });
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { current: SurveyAttachment }).current).toMatchObject({
      description: 'Site overview, from the road',
      rowVersion: 1,
    });
    expect((await edit(added.body.surveyAttachmentId, { description: 'Not <allowed>', rowVersion: 1 })).status).toBe(400);
    expect((await edit(added.body.surveyAttachmentId, { description: 'ok', amount: 'ten', rowVersion: 1 })).status).toBe(400);

    const removed = await remove(added.body.surveyAttachmentId);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ surveyAttachmentId: added.body.surveyAttachmentId, rowVersion: 2 });
    const after = await readReport(id);
    expect(after.body.surveyAttachments.map((attachment) => attachment.surveyAttachmentId)).not.toContain(added.body.surveyAttachmentId);
    expect((await image(added.body.imageFileName)).status).toBe(404);
    expect((await remove(added.body.surveyAttachmentId)).status).toBe(404);
    expect((await edit(added.body.surveyAttachmentId, { description: 'gone' })).status).toBe(404);
    // The removed photo may come back as a new attachment with a name never used before.
    const back = await add(id);
    expect(back.body.imageFileName).toBe(`${id}-4-site.jpg`);
  });

  it('keeps the last photo of a report, refuses files that are not images, and is for writers within scope', async () => {
    const { id } = await submittedOf([photo(FRONT, 'only.jpg')]);
    const [only] = (await readReport(id)).body.surveyAttachments;
    const kept = await remove(only!.surveyAttachmentId);
    expect(kept.status).toBe(400);
    expect((kept.body as unknown as { message: string }).message).toBe(DELIVERY_MESSAGES.attachmentRequired);
    expect((await readReport(id)).body.surveyAttachments).toHaveLength(1);

    const before = await stored();
    const notImage = await add(id, photo(Buffer.from('plain text'), 'x.jpg'));
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ message: DELIVERY_MESSAGES.invalidFile, field: 'base64Image' });
    expect((await add(id, photo(KITCHEN, 'k.jpg'), tokens.viewer)).status).toBe(403);
    expect((await add(id, photo(KITCHEN, 'k.jpg'), tokens.driver)).status).toBe(403);
    expect((await edit(only!.surveyAttachmentId, { description: 'viewer edit' }, tokens.viewer)).status).toBe(403);
    expect((await remove(only!.surveyAttachmentId, tokens.viewer)).status).toBe(403);
    const [foreign] = await t.db.select().from(submittedSurveys).where(eq(submittedSurveys.retailerNumber, '4218'));
    expect((await add(foreign!.id, photo(KITCHEN, 'k.jpg'))).status).toBe(404);
    const [foreignFile] = await t.db.select().from(surveyAttachments).where(eq(surveyAttachments.submittedSurveyId, foreign!.id));
    expect((await edit(foreignFile!.id, { description: 'not mine' })).status).toBe(404);
    expect((await remove(foreignFile!.id)).status).toBe(404);
    expect(
      (
        await t.call('POST', '/api/Survey/SurveyAttachment', {
          token: tokens.service,
          body: { submittedSurveyId: 1e12, ...photo(KITCHEN, 'k.jpg') },
        })
      ).status,
    ).toBe(400);
    expect(await stored()).toEqual(before);

    // Without a rowVersion the last writer wins.
    const edited = await edit(only!.surveyAttachmentId, { description: 'Front, final' });
    expect(edited.body).toMatchObject({ description: 'Front, final', rowVersion: 1 });
  });

  it('answers 413, not 500, to a body over its limit', async () => {
    const { id } = await submittedOf();
    const huge = await add(id, { imageFileName: 'huge.jpg', base64Image: 'A'.repeat(14 * 1024 * 1024), description: '', amount: 0 });
    expect(huge.status).toBe(413);
  });

  it('answers a replayed add with the stored attachment and adds nothing', async () => {
    const { id } = await submittedOf();
    const body = { submittedSurveyId: id, ...photo(SITE, 'replayed.jpg') };
    const first = await t.call<SurveyAttachment>('POST', '/api/Survey/SurveyAttachment', {
      token: tokens.service,
      body,
      idempotencyKey: 'attachment-replay-1',
    });
    const before = await stored();
    const replay: CallResult<SurveyAttachment> = await t.call('POST', '/api/Survey/SurveyAttachment', {
      token: tokens.service,
      body,
      idempotencyKey: 'attachment-replay-1',
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await stored()).toEqual(before);
  });
});
