import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { asc, inArray, isNotNull } from 'drizzle-orm';
import { QUESTION_TYPES, SURVEY_TYPES, type QuestionType } from '../../../contract';
import { surveyFileName } from '../../delivery-reports/rules';
import { serverFile } from '../../package-files';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import {
  ADMIN_RETAIL_CENTERS,
  COMPANY_OWNED_RETAILER,
  PLANT_USER_FACILITIES,
  SECOND_INDEPENDENT_RETAILER,
  demoUserName,
} from './demo-users';
import { FIRST_NAMES, LAST_NAMES } from './homes';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore, daysFrom } from './days';
import type { Random } from './random';

const { string, trueFalse, yesNo, dateTime } = QUESTION_TYPES;

interface QuestionSeed {
  text: string;
  type: QuestionType;
  required?: boolean;
  /** A question retired from the form (kept for reports that answered it). */
  retired?: boolean;
  /** Answers a seeded report picks from; '' leaves an optional question unanswered. */
  answers?: readonly string[];
}

const DELIVERY_DATE_QUESTION: QuestionSeed = { text: 'Date the home was delivered', type: dateTime, required: true };
const SITE_DELIVERY_QUESTION: QuestionSeed = { text: 'Was the home set on the site as planned?', type: yesNo, required: true };

/** The delivery form (survey type 1): groups of questions mixing the four question types (spec 2 §3 Survey). */
const DELIVERY_GROUPS: readonly { title: string; questions: readonly QuestionSeed[] }[] = [
  {
    title: 'Exterior',
    questions: [
      { text: 'Siding, trim and shingles are free of transit damage', type: trueFalse, required: true },
      { text: 'Were the exterior doors and windows undamaged on arrival?', type: yesNo, required: true },
      { text: 'Was the skirting installed?', type: yesNo },
      { text: 'Set-up crew name', type: string, retired: true },
      {
        text: 'Describe any exterior damage',
        type: string,
        answers: [
          '',
          '',
          'Small scratch on the front door, touched up on site.',
          'Two vinyl siding panels cracked at the hitch end; replacement ordered.',
          'Gutter bent on the rear section.',
        ],
      },
    ],
  },
  {
    title: 'Interior',
    questions: [
      { text: 'Were the floors level at every marriage line?', type: yesNo, required: true },
      { text: 'All interior doors open, close and latch', type: trueFalse },
      { text: 'Date the interior trim-out was completed', type: dateTime },
      {
        text: 'Interior notes',
        type: string,
        answers: [
          '',
          'Drywall seam at the marriage line needs finishing.',
          'Cabinet door in the kitchen adjusted.',
          'Carpet seam re-stretched in the living room.',
        ],
      },
    ],
  },
  {
    title: 'Utilities',
    questions: [
      { text: 'Water lines connected and tested for leaks', type: trueFalse, required: true },
      { text: 'Was the electrical service inspected?', type: yesNo, required: true },
      { text: 'Date of the electrical inspection', type: dateTime },
      { text: 'Gas or propane supplier', type: string, answers: ['', 'County Gas Co-op', 'Blue Flame Propane', 'Ridge Valley Energy'] },
      { text: 'Heating and air conditioning running at delivery', type: trueFalse },
    ],
  },
  {
    title: 'Homeowner walkthrough',
    questions: [
      { text: 'Was the homeowner present for the walkthrough?', type: yesNo, required: true },
      { text: 'Homeowner received the manual and the warranty card', type: trueFalse, required: true },
      { text: 'Date of the walkthrough', type: dateTime },
      {
        text: 'Homeowner comments',
        type: string,
        answers: [
          '',
          'Very happy with the set-up crew.',
          'Asked about adding a deck next spring.',
          'Would like the thermostat explained again.',
          'Everything looks great, thank you.',
        ],
      },
    ],
  },
];

/** The retailer checklist (survey type 2): questions of the retail center's own checklist, no report uses them yet. */
const RETAILER_CHECKLIST_GROUPS: readonly { title: string; questions: readonly QuestionSeed[] }[] = [
  {
    title: 'Retail center checklist',
    questions: [
      { text: 'Sales paperwork signed and filed', type: trueFalse, required: true },
      { text: 'Was the site inspected before delivery?', type: yesNo, required: true },
      { text: 'Date the permits were received', type: dateTime },
      { text: 'Checklist notes', type: string },
    ],
  },
];

/** The photos of the demo reports: 640x480 JPEGs (quality 70) made once with ImageMagick, with what they show. */
const PHOTOS = [
  { file: 'front-elevation.jpg', description: 'Front elevation, set on site' },
  { file: 'piers-and-skirting.jpg', description: 'Piers and skirting' },
  { file: 'kitchen.jpg', description: 'Kitchen, walkthrough' },
  { file: 'utility-hookups.jpg', description: 'Utility hookups' },
  { file: 'site-overview.jpg', description: 'Site overview, driveway' },
] as const;

const photo = (name: string) => new Uint8Array(readFileSync(serverFile('db', 'seed', 'assets', 'delivery', name)));

/**
 * Which retail centers get reports: a few for the demo retail center (4217; at least one at a plant user's facility),
 * fewer for the others, so most sold homes of 4217 are still waiting for their report.
 */
const REPORTS_PER_RETAILER: readonly (readonly [string, number])[] = [
  [ADMIN_RETAIL_CENTERS[0], 4],
  [ADMIN_RETAIL_CENTERS[1], 2],
  [SECOND_INDEPENDENT_RETAILER, 2],
  [COMPANY_OWNED_RETAILER, 1],
];
const REPORTS_ELSEWHERE = 3;
/** The demo users who submit the demo retail centers' reports. */
const SUBMITTERS: Record<string, readonly string[]> = {
  [ADMIN_RETAIL_CENTERS[0]]: ['service', 'sales', 'admin'],
  [ADMIN_RETAIL_CENTERS[1]]: ['admin', 'sales'],
  [SECOND_INDEPENDENT_RETAILER]: ['plant'],
  [COMPANY_OWNED_RETAILER]: ['company'],
};

type QuestionRow = typeof t.surveyQuestions.$inferSelect;

async function seedQuestions(db: Database, surveyType: number, groups: typeof DELIVERY_GROUPS, singles: readonly [QuestionSeed, string][]) {
  const groupRows = await db
    .insert(t.surveyQuestionGroups)
    .values(groups.map((group, index) => ({ surveyType, title: group.title, sequence: index + 1 })))
    .returning();
  const seeds = new Map<string, QuestionSeed>();
  const values: (typeof t.surveyQuestions.$inferInsert)[] = singles.map(([question, placement], index) => {
    seeds.set(question.text, question);
    return {
      surveyType,
      placement,
      groupId: null,
      questionText: question.text,
      questionType: question.type,
      isRequired: question.required ?? false,
      sequence: index + 1,
    };
  });
  groups.forEach((group, groupIndex) =>
    group.questions.forEach((question, index) => {
      seeds.set(question.text, question);
      values.push({
        surveyType,
        placement: 'group',
        groupId: groupRows[groupIndex]!.id,
        questionText: question.text,
        questionType: question.type,
        isRequired: question.required ?? false,
        sequence: index + 1,
        isActive: !question.retired,
      });
    }),
  );
  const rows = await db.insert(t.surveyQuestions).values(values).returning();
  return { rows, seeds };
}

/** A realistic answer: dates between the delivery and the submit, mostly good news, free text from the question's own phrases. */
function answerFor(random: Random, question: QuestionRow, seed: QuestionSeed | undefined, deliveryDay: Date, daysToSubmit: number): string {
  switch (question.questionType) {
    case dateTime:
      return question.isRequired || random.chance(0.7) ? utcIsoDay(addDays(deliveryDay, random.int(0, daysToSubmit))) : '';
    case yesNo:
      return random.chance(0.88) ? 'Yes' : 'No';
    case trueFalse:
      return random.chance(0.9) ? 'true' : 'false';
    default:
      return random.pick(seed?.answers ?? ['']);
  }
}

/**
 * Delivery form and retailer checklist questions, and a dozen submitted delivery reports of sold homes spread over the
 * demo retail centers, others and plants, each with answers and one to three photos (seed/assets/delivery).
 */
export async function seedDeliveryReports(db: Database, random: Random, today: Date, _scale: number): Promise<Record<string, number>> {
  const delivery = await seedQuestions(db, SURVEY_TYPES.DeliveryForm, DELIVERY_GROUPS, [
    [DELIVERY_DATE_QUESTION, 'deliveryDate'],
    [SITE_DELIVERY_QUESTION, 'siteDelivery'],
  ]);
  const checklist = await seedQuestions(db, SURVEY_TYPES.RetailerChecklist, RETAILER_CHECKLIST_GROUPS, []);

  const soldHomes = await db
    .select({
      id: t.homes.id,
      plantNumber: t.homes.plantNumber,
      serialNumber: t.homes.serialNumber,
      retailerNumber: t.homes.retailerNumber,
      soldDate: t.homes.soldDate,
    })
    .from(t.homes)
    .where(isNotNull(t.homes.soldDate))
    .orderBy(asc(t.homes.id));
  const demoRetailers = new Set(REPORTS_PER_RETAILER.map(([retailerNumber]) => retailerNumber));
  const chosen: (typeof soldHomes)[number][] = [];
  const take = (candidates: typeof soldHomes, howMany: number) => {
    const pool = candidates.filter((home) => !chosen.includes(home));
    for (let n = 0; n < howMany && pool.length > 0; n++) chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
  };
  for (const [retailerNumber, howMany] of REPORTS_PER_RETAILER) {
    const own = soldHomes.filter((home) => home.retailerNumber === retailerNumber);
    // The plant user's list has a report of the demo retail center too.
    if (retailerNumber === ADMIN_RETAIL_CENTERS[0])
      take(
        own.filter((home) => (PLANT_USER_FACILITIES as readonly string[]).includes(home.plantNumber)),
        1,
      );
    take(own, howMany - (retailerNumber === ADMIN_RETAIL_CENTERS[0] ? 1 : 0));
  }
  take(
    soldHomes.filter((home) => !demoRetailers.has(home.retailerNumber)),
    REPORTS_ELSEWHERE,
  );

  const submitterKeys = [...new Set(Object.values(SUBMITTERS).flat())];
  const users = await db
    .select({ id: t.users.id, userName: t.users.userName, firstName: t.users.firstName, lastName: t.users.lastName })
    .from(t.users)
    .where(inArray(t.users.userName, submitterKeys.map(demoUserName)));
  const userOf = (key: string) => users.find((user) => user.userName === demoUserName(key));

  const plans = chosen.map((home) => {
    const soldDaysAgo = daysFrom(new Date(`${home.soldDate}T00:00:00Z`), today);
    const submitDaysAgo = random.int(1, Math.max(1, Math.min(150, soldDaysAgo - 1)));
    const submitDate = new Date(daysBefore(today, submitDaysAgo).getTime() + random.int(8 * 60, 17 * 60) * 60_000);
    const key = SUBMITTERS[home.retailerNumber] ? random.pick(SUBMITTERS[home.retailerNumber]!) : null;
    const user = key ? userOf(key) : undefined;
    const daysToSubmit = random.int(0, 3);
    return {
      home,
      deliveryDay: daysBefore(today, submitDaysAgo + daysToSubmit),
      daysToSubmit,
      values: {
        surveyType: SURVEY_TYPES.DeliveryForm,
        homeId: home.id,
        plantNumber: home.plantNumber,
        serialNumber: home.serialNumber,
        retailerNumber: home.retailerNumber,
        submittedByUserId: user?.id ?? null,
        submittedBy: user ? `${user.firstName} ${user.lastName}` : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        submitDate,
      },
    };
  });
  if (plans.length === 0) return { surveyQuestions: delivery.rows.length + checklist.rows.length, deliveryReports: 0 };
  const reports = await db
    .insert(t.submittedSurveys)
    .values(plans.map((plan) => plan.values))
    .returning({ id: t.submittedSurveys.id });

  const activeQuestions = delivery.rows.filter((question) => question.isActive);
  const files = PHOTOS.map((entry) => {
    const data = photo(entry.file);
    return { ...entry, data, sha256: createHash('sha256').update(data).digest('hex') };
  });
  const answers: (typeof t.surveyAnswers.$inferInsert)[] = [];
  const attachments: (typeof t.surveyAttachments.$inferInsert)[] = [];
  plans.forEach((plan, index) => {
    const submittedSurveyId = reports[index]!.id;
    for (const question of activeQuestions) {
      const answer =
        question.placement === 'deliveryDate'
          ? utcIsoDay(plan.deliveryDay)
          : answerFor(random, question, delivery.seeds.get(question.questionText), plan.deliveryDay, plan.daysToSubmit);
      if (answer !== '') answers.push({ submittedSurveyId, questionId: question.id, answer });
    }
    const pool = [...files];
    const photos = random.int(1, 3);
    for (let ordinal = 1; ordinal <= photos; ordinal++) {
      const file = pool.splice(random.int(0, pool.length - 1), 1)[0]!;
      attachments.push({
        submittedSurveyId,
        imageFileName: surveyFileName(submittedSurveyId, ordinal, { baseName: file.file.replace(/\.jpg$/, ''), contentType: 'image/jpeg' }),
        imageUploadId: `seed-${submittedSurveyId}-${ordinal}`,
        description: file.description,
        contentType: 'image/jpeg',
        sizeBytes: file.data.byteLength,
        sha256: file.sha256,
        data: file.data,
      });
    }
  });
  await insertRows(db, t.surveyAnswers, answers);
  await insertRows(db, t.surveyAttachments, attachments);
  return {
    surveyQuestions: delivery.rows.length + checklist.rows.length,
    deliveryReports: reports.length,
    deliveryReportPhotos: attachments.length,
  };
}
