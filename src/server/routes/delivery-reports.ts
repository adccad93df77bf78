/**
 * delivery-reports: the delivery forms and surveys of spec 2 §7 (blank form, submit, read by id, the list, the
 * attachments of a submitted report). The rules the spec leaves open are in the header of contract/delivery-reports.ts;
 * reading and scope in delivery-reports/store.ts, the checks before a write in delivery-reports/rules.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  DELIVERY_FORM_SURVEY_ID,
  DELIVERY_MESSAGES,
  DeliveryReportInput,
  DeliveryReportListRow,
  MAX_DELIVERY_FORM_BYTES,
  MAX_SURVEY_ATTACHMENT_BYTES,
  MIN_DELIVERY_ATTACHMENTS,
  NewSurveyAttachmentInput,
  PlantNumber,
  SurveyAttachmentUpdate,
  SurveyListQuery,
  paths,
  type DeliveryFormConflict,
  type DeliveryReportSubmitted,
} from '../../contract';
import {
  checkAnswers,
  checkAttachment,
  isRefusal,
  surveyFileName,
  withoutDuplicateContents,
  type CheckedFile,
  type Refusal,
} from '../delivery-reports/rules';
import {
  DELIVERY_REPORT_READ_ROLES,
  DELIVERY_REPORT_WRITE_ROLES as WRITE_ROLES,
  activeAttachmentsOf,
  activeAttachmentsWithContents,
  attachmentColumns,
  blankForm,
  findVisibleHome,
  findVisibleReport,
  listReports,
  loadSurveyQuestions,
  reportIdOfHome,
  submittedReport,
  toSurveyAttachment,
} from '../delivery-reports/store';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse, jsonResponse, refusalResponse } from '../http/errors';
import { idParam } from '../http/params';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';

const HomeParams = v.object({
  plantNumber: PlantNumber,
  serialNumber: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,40}$/, 'Serial number must be letters and digits.')),
});
const ReportParams = v.object({ submittedSurveyId: idParam('Submitted survey id must be a number.') });
const AttachmentParams = v.object({ surveyAttachmentId: idParam('Attachment id must be a number.') });

/** Base64 of the largest file plus the other fields of one attachment. */
const MAX_ATTACHMENT_BODY_BYTES = Math.ceil(MAX_SURVEY_ATTACHMENT_BYTES / 3) * 4 + 64 * 1024;

const homeNotFound = (plantNumber: string, serialNumber: string) =>
  errorResponse(404, `No home with serial number ${serialNumber} at plant ${plantNumber} was found in your retail center or facilities.`);
const reportNotFound = () => errorResponse(404, 'Delivery report was not found.');
const attachmentNotFound = () => errorResponse(404, 'Attachment was not found.');
const alreadySubmitted = (submittedSurveyId: number) =>
  jsonResponse(409, { message: DELIVERY_MESSAGES.alreadySubmitted, submittedSurveyId } satisfies DeliveryFormConflict);

/** For the API reference: the identifying fields of the answers (contract/delivery-reports.ts says the rest). */
const DeliveryReportAnswer = v.looseObject({
  surveyId: v.number(),
  submittedSurveyId: v.nullable(v.number()),
  plantNumber: v.string(),
  serialNumber: v.string(),
  questionGroups: v.array(v.looseObject({})),
  surveyAttachments: v.array(v.looseObject({})),
});
const DeliveryFormConflictAnswer = v.object({ message: v.string(), submittedSurveyId: v.number() });
const SurveyAttachmentAnswer = v.looseObject({ surveyAttachmentId: v.number(), imageFileName: v.string(), rowVersion: v.number() });

const submitterName = (session: Session) => `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.userName;

/** Checks every attachment of a request; the first refusal, or the files with duplicate contents dropped (spec 2 §5). */
function checkAttachments(inputs: DeliveryReportInput['surveyAttachments']): CheckedFile[] | Refusal {
  const files: CheckedFile[] = [];
  for (const [index, input] of inputs.entries()) {
    const file = checkAttachment(input, `surveyAttachments.${index}.`);
    if (isRefusal(file)) return file;
    files.push(file);
  }
  return withoutDuplicateContents(files);
}

/** Files ever stored for a report, removed ones too: the next file's ordinal in its name. */
async function filesStored(db: Database, submittedSurveyId: number) {
  const [row] = await db
    .select({ files: count() })
    .from(t.surveyAttachments)
    .where(eq(t.surveyAttachments.submittedSurveyId, submittedSurveyId));
  return row?.files ?? 0;
}

/**
 * The row of a new file. Its bytes go to the database as the base64 they came in and are decoded there: PGlite's
 * driver writes a bytea parameter byte by byte, about 1 s per 2.5 MB photo on this machine, decode() about a tenth.
 */
const attachmentValues = (submittedSurveyId: number, ordinal: number, file: CheckedFile) => ({
  submittedSurveyId,
  imageFileName: surveyFileName(submittedSurveyId, ordinal, file),
  imageUploadId: randomUUID(),
  description: file.description,
  amount: file.amount,
  contentType: file.contentType,
  sizeBytes: file.bytes.byteLength,
  sha256: file.sha256,
  data: sql<Uint8Array>`decode(${file.base64}, 'base64')`,
});

/**
 * An active attachment of a report the user sees. Its report's row is locked first and the attachment read after,
 * so that two removals cannot race below the minimum nor both remove the same file.
 */
async function findVisibleAttachment(db: Database, session: Session, surveyAttachmentId: number) {
  const byId = eq(t.surveyAttachments.id, surveyAttachmentId);
  const [owner] = await db.select({ submittedSurveyId: t.surveyAttachments.submittedSurveyId }).from(t.surveyAttachments).where(byId);
  if (!owner) return undefined;
  const report = await findVisibleReport(db, session, eq(t.submittedSurveys.id, owner.submittedSurveyId), true);
  if (!report) return undefined;
  const [attachment] = await db
    .select(attachmentColumns)
    .from(t.surveyAttachments)
    .where(and(byId, eq(t.surveyAttachments.isActive, true)));
  return attachment;
}

const formRoutes = [
  route({
    method: 'GET',
    endpoint: paths.blankDeliveryForm,
    summary: 'The blank delivery form of a home',
    answer: DeliveryReportAnswer,
    errors: [
      404,
      { status: 409, description: 'The home has a delivery report already: open that one.', schema: DeliveryFormConflictAnswer },
    ],
    roles: DELIVERY_REPORT_READ_ROLES,
    params: HomeParams,
    handle: async ({ c, db, session, params }) => {
      const found = await findVisibleHome(db, session, params.plantNumber, params.serialNumber);
      if (!found) return homeNotFound(params.plantNumber, params.serialNumber);
      // One report per home: the client opens the submitted one read-only instead (contract header).
      const existing = await reportIdOfHome(db, found.home.id);
      if (existing !== undefined) return alreadySubmitted(existing);
      return c.json(await blankForm(db, found));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.submittedDeliveryForm,
    summary: 'A submitted delivery report',
    answer: DeliveryReportAnswer,
    errors: [404],
    roles: DELIVERY_REPORT_READ_ROLES,
    params: ReportParams,
    handle: async ({ c, db, session, params }) => {
      const report = await findVisibleReport(db, session, eq(t.submittedSurveys.id, params.submittedSurveyId));
      return report ? c.json(await submittedReport(db, report)) : reportNotFound();
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.deliveryForm,
    summary: 'Submit a home’s delivery report: answers and photos (base64) in one body',
    answer: v.object({ submittedSurveyId: v.number() }),
    errors: [404, { status: 409, description: 'The home has a delivery report already.', schema: DeliveryFormConflictAnswer }],
    roles: WRITE_ROLES,
    body: DeliveryReportInput,
    maxBodyBytes: MAX_DELIVERY_FORM_BYTES,
    handle: async ({ c, db, deps, session, body }) => {
      const found = await findVisibleHome(db, session, body.plantNumber, body.serialNumber);
      if (!found) return homeNotFound(body.plantNumber, body.serialNumber);
      const existing = await reportIdOfHome(db, found.home.id);
      if (existing !== undefined) return alreadySubmitted(existing);

      const { questions } = await loadSurveyQuestions(db, DELIVERY_FORM_SURVEY_ID);
      const answers = checkAnswers(questions, body);
      if (isRefusal(answers)) return refusalResponse(answers);
      const files = checkAttachments(body.surveyAttachments);
      if (isRefusal(files)) return refusalResponse(files);
      if (files.length < MIN_DELIVERY_ATTACHMENTS)
        return refusalResponse({ message: DELIVERY_MESSAGES.attachmentRequired, field: 'surveyAttachments' });

      // The request's transaction holds the report, its answers and its files together (route(): writes run in one).
      const [report] = await db
        .insert(t.submittedSurveys)
        .values({
          surveyType: DELIVERY_FORM_SURVEY_ID,
          homeId: found.home.id,
          plantNumber: found.home.plantNumber,
          serialNumber: found.home.serialNumber,
          retailerNumber: found.home.retailerNumber,
          submittedByUserId: session.user.cmhUserId,
          submittedBy: submitterName(session),
          submitDate: deps.clock(),
        })
        // A concurrent submit for the same home won the unique index: the same 409 as when it was seen above.
        .onConflictDoNothing()
        .returning({ id: t.submittedSurveys.id });
      if (!report) return alreadySubmitted((await reportIdOfHome(db, found.home.id))!);

      if (answers.length > 0)
        await db.insert(t.surveyAnswers).values(answers.map((answer) => ({ ...answer, submittedSurveyId: report.id })));
      await db.insert(t.surveyAttachments).values(files.map((file, index) => attachmentValues(report.id, index + 1, file)));
      return c.json({ submittedSurveyId: report.id } satisfies DeliveryReportSubmitted);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.surveys,
    summary: 'The delivery report list',
    answer: v.array(DeliveryReportListRow),
    roles: DELIVERY_REPORT_READ_ROLES,
    query: SurveyListQuery,
    handle: async ({ c, db, session, query }) => c.json(await listReports(db, session, query.surveyId)),
  }),
];

const attachmentRoutes = [
  route({
    method: 'POST',
    endpoint: paths.surveyAttachments,
    summary: 'Add a photo to a submitted delivery report',
    description: 'A photo the report already has answers that attachment and adds nothing.',
    answer: SurveyAttachmentAnswer,
    errors: [404],
    roles: WRITE_ROLES,
    body: NewSurveyAttachmentInput,
    maxBodyBytes: MAX_ATTACHMENT_BODY_BYTES,
    handle: async ({ c, db, session, body }) => {
      const report = await findVisibleReport(db, session, eq(t.submittedSurveys.id, body.submittedSurveyId), true);
      if (!report) return reportNotFound();
      const file = checkAttachment(body);
      if (isRefusal(file)) return refusalResponse(file);
      // spec 2 §5 drops duplicate contents: the same photo again answers the attachment the report already has.
      const [same] = await activeAttachmentsWithContents(db, report.id, [file.sha256]);
      if (same) return c.json(toSurveyAttachment(same));
      const [added] = await db
        .insert(t.surveyAttachments)
        .values(attachmentValues(report.id, (await filesStored(db, report.id)) + 1, file))
        .returning(attachmentColumns);
      return c.json(toSurveyAttachment(added!));
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.surveyAttachment,
    summary: 'Update a delivery report photo’s description and amount',
    answer: SurveyAttachmentAnswer,
    errors: [404, 409],
    roles: WRITE_ROLES,
    params: AttachmentParams,
    body: SurveyAttachmentUpdate,
    handle: async ({ c, db, session, params, body }) => {
      const existing = await findVisibleAttachment(db, session, params.surveyAttachmentId);
      if (!existing) return attachmentNotFound();
      const { rowVersion = existing.rowVersion, ...fields } = body;
      const written = await updateIfCurrent(db, t.surveyAttachments, eq(t.surveyAttachments.id, existing.id), rowVersion, fields);
      if (written === 0) return staleRecordResponse(toSurveyAttachment(existing));
      const [updated] = await db.select(attachmentColumns).from(t.surveyAttachments).where(eq(t.surveyAttachments.id, existing.id));
      return c.json(toSurveyAttachment(updated!));
    },
  }),

  route({
    method: 'DELETE',
    endpoint: paths.surveyAttachment,
    summary: 'Remove a delivery report photo (the report keeps at least one)',
    answer: { schema: SurveyAttachmentAnswer, description: 'The removed attachment, inactive.' },
    errors: [404],
    roles: WRITE_ROLES,
    params: AttachmentParams,
    handle: async ({ c, db, session, params }) => {
      const existing = await findVisibleAttachment(db, session, params.surveyAttachmentId);
      if (!existing) return attachmentNotFound();
      // A submitted report keeps the photos its submit needed (spec 2 §9 minimum; contract header).
      const active = await activeAttachmentsOf(db, existing.submittedSurveyId);
      if (active.length <= MIN_DELIVERY_ATTACHMENTS)
        return refusalResponse({ message: DELIVERY_MESSAGES.attachmentRequired, field: 'surveyAttachmentId' });
      const [removed] = await db
        .update(t.surveyAttachments)
        .set({ isActive: false, rowVersion: sql`${t.surveyAttachments.rowVersion} + 1` })
        .where(eq(t.surveyAttachments.id, existing.id))
        .returning(attachmentColumns);
      return c.json(toSurveyAttachment(removed!));
    },
  }),
];

export const deliveryReportRoutes: RouteDefinition[] = [...formRoutes, ...attachmentRoutes];
