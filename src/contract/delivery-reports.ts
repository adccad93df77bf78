import * as v from 'valibot';
import { PlantNumber, RowVersion } from './common';
import { Amount, Int, IsoDay, RequiredText, Text } from './text';

/*
 * Delivery reports (spec 2 §2 Delivery reports, §3 Survey / DeliveryReport / SurveyAttachment, §5, §7 Delivery forms
 * and surveys, §8). A home's blank form is GET /DeliveryForm/{plantNumber}/{serialNumber}; the whole form, answers
 * and photos (base64, no data-URL prefix), goes in one POST /DeliveryForm, which answers the submitted survey id.
 * A submitted report is read by id and shown read-only; its attachments can still be added, edited and removed.
 *
 * Rules this product sets where the spec is silent (enforced on the server):
 * - Who reads: service or sales users and viewers (the reports' roles, spec 2 §6), within their retail center or,
 *   for a plant user, their facilities. Who submits and edits attachments: Service_User or Sales_User, for a home of
 *   their retail center (or facility).
 * - One delivery report per home: a second one is refused with 409 DeliveryFormConflict, naming the report the home has
 *   (a replayed POST answers the first, through its Idempotency-Key).
 * - Attachments: JPEG or GIF (PDF too when PDF is enabled), checked by content, at most MAX_SURVEY_ATTACHMENT_BYTES.
 *   PDF is not enabled for delivery reports (SURVEY_PDF_ENABLED: they are photos, shown in the image viewer), so a
 *   refused file answers 400 with 'JPG, JPEG and GIF are allowed.'.
 * - Blank form of a home that already has a report: 409 { message: DELIVERY_MESSAGES.alreadySubmitted,
 *   submittedSurveyId } (DeliveryFormConflict), so the client can open the read-only view instead. A home outside the
 *   user's scope answers 404, as if it did not exist (the work orders' rule).
 * - POST /DeliveryForm answers 200 { submittedSurveyId } (DeliveryReportSubmitted). Every answer is checked against
 *   its question (an active question of survey type 1, in the place it was sent: the delivery date question, the site
 *   delivery question, or its own group; answered once; isAnswerValid; required ones, and always the delivery date
 *   question, answered: 400 naming the question's text). Dates are stored as their day, YYYY-MM-DD. Photos whose
 *   contents repeat an earlier one of the same report are dropped (spec 2 §5), then at least MIN_DELIVERY_ATTACHMENTS
 *   must remain. The server names each file itself (imageFileName `{submittedSurveyId}-{n}-{name}.{jpg|gif}`); the
 *   client's name only suggests {name}. The whole body may be up to MAX_DELIVERY_FORM_BYTES (more answers 413).
 * - POST /Survey/SurveyAttachment answers 200 with the new attachment; a photo whose contents an active attachment of
 *   the report already has answers that attachment and adds nothing. PUT answers 200 with the updated attachment (a
 *   stale rowVersion: 409 with the current one; no rowVersion: last writer wins). DELETE marks it inactive and
 *   answers 200 with it; the last active photo of a report cannot be removed (400 attachmentRequired).
 * - Files: GET {images}?folder=SurveyAttachments&fileName={imageFileName}, for users who may read the report.
 */

export const SURVEY_TYPES = { DeliveryForm: 1, RetailerChecklist: 2 } as const;
export const DELIVERY_FORM_SURVEY_ID = SURVEY_TYPES.DeliveryForm;
export const QUESTION_TYPES = { string: 1, trueFalse: 2, yesNo: 3, dateTime: 4 } as const;
export type QuestionType = (typeof QUESTION_TYPES)[keyof typeof QUESTION_TYPES];

/** spec 2 §9 Minimum delivery attachments. */
export const MIN_DELIVERY_ATTACHMENTS = 1;
export const MAX_SURVEY_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ANSWER_LENGTH = 1000;
/** spec 2 §5: letters, digits, comma, period, space. */
export const ATTACHMENT_DESCRIPTION_PATTERN = /^[A-Za-z0-9,. ]*$/;
/** spec 2 §5 file types; PDF only where PDF is enabled. */
export const SURVEY_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/jpg'] as const;
export const SURVEY_PDF_TYPE = 'application/pdf';
/** Whether PDF files are accepted as delivery report attachments (see the header: photos only). */
export const SURVEY_PDF_ENABLED = false;
/** Largest POST /DeliveryForm body: several phone photos in base64 with the answers. */
export const MAX_DELIVERY_FORM_BYTES = 60 * 1024 * 1024;
/** The images base's folder of survey attachments: GET {images}?folder=SurveyAttachments&fileName=…. */
export const SURVEY_ATTACHMENTS_FOLDER = 'SurveyAttachments';

export const DELIVERY_MESSAGES = {
  submitted: 'Delivery Report has been successfully submitted!',
  attachmentsAdded: 'Attachment(s) have been successfully added!',
  attachmentUpdated: 'Attachment has been successfully updated!',
  attachmentRemoved: 'Attachment has been removed!',
  attachmentAddFailed: 'Error occured while adding attachment(s).',
  unsavedChanges: 'You have unsaved changes, are you sure you want to close the form?',
  invalidFileTitle: 'Invalid file extension',
  invalidFileWithPdf: 'JPG, JPEG, GIF, and PDF are allowed.',
  invalidFile: 'JPG, JPEG and GIF are allowed.',
  descriptionInvalid: 'Description can contain only letters, digits, commas, periods and spaces.',
  answerRequired: 'An answer is required.',
  answerInvalid: 'The answer is not valid for this question.',
  attachmentRequired: 'At least 1 photo is required.',
  alreadySubmitted: 'A delivery report has already been submitted for this home.',
  imageRequired: 'A photo or file is required.',
  imageInvalid: 'The file is not a JPG, JPEG, GIF or PDF image.',
  imageTooLarge: 'The file is larger than 10 MB.',
  amountInvalid: 'Amount must be a number of 0 or more.',
} as const;

/** A question with its answer: null when unanswered; dates 'YYYY-MM-DD', trueFalse 'true'/'false', yesNo 'Yes'/'No'. */
export interface SurveyQuestion {
  questionId: number;
  questionText: string;
  questionType: QuestionType;
  isRequired: boolean;
  sequence: number;
  answer: string | null;
}

export interface QuestionGroup {
  questionGroupId: number;
  title: string;
  sequence: number;
  questions: SurveyQuestion[];
}

/** spec 2 §3 SurveyAttachment; `base64Image` travels only in request bodies, answers name the file instead. */
export interface SurveyAttachment {
  surveyAttachmentId: number;
  imageUploadId: string;
  imageFileName: string;
  contentType: string;
  description: string;
  amount: number;
  rowVersion: number;
}

/** spec 2 §3 DeliveryReport: the blank form of a home (submittedSurveyId null) or a submitted one. */
export interface DeliveryReport {
  surveyId: number;
  submittedSurveyId: number | null;
  plantNumber: string;
  plantName: string;
  serialNumber: string;
  modelNumber: string;
  modelName: string;
  customerName: string;
  submittedBy: string;
  submitDate: string | null;
  deliveryDateQuestion: SurveyQuestion;
  siteDeliveryQuestion: SurveyQuestion;
  questionGroups: QuestionGroup[];
  surveyAttachments: SurveyAttachment[];
}

/** 200 answer of POST /DeliveryForm. */
export interface DeliveryReportSubmitted {
  submittedSurveyId: number;
}

/** 409 answer of GET /DeliveryForm/{plantNumber}/{serialNumber} when the home already has a report. */
export interface DeliveryFormConflict {
  message: string;
  submittedSurveyId: number;
}

/** A row of the delivery report list, GET /Survey?surveyId=1 (spec 2 §2). */
export interface DeliveryReportRow {
  submittedSurveyId: number;
  serialNumber: string;
  plantNumber: string;
  plantName: string;
  submittedBy: string;
  submitDate: string;
}

export const SurveyListQuery = v.object({
  surveyId: v.pipe(
    v.string(),
    v.transform(Number),
    v.picklist([SURVEY_TYPES.DeliveryForm, SURVEY_TYPES.RetailerChecklist], 'Unknown survey.'),
  ),
});

const Answer = v.nullish(Text(MAX_ANSWER_LENGTH), null);
const AnswerInput = v.object({ questionId: Int('Question id must be a whole number.', 1), answer: Answer });
export type AnswerInput = v.InferOutput<typeof AnswerInput>;

/** spec 2 §5 description pattern, shared by the side panel and the server. */
const Description = v.pipe(Text(255), v.regex(ATTACHMENT_DESCRIPTION_PATTERN, DELIVERY_MESSAGES.descriptionInvalid));
/** Base64 without the data-URL prefix; its content is checked on the server. */
const Base64Image = v.pipe(
  v.string(DELIVERY_MESSAGES.imageRequired),
  v.nonEmpty(DELIVERY_MESSAGES.imageRequired),
  v.regex(/^[A-Za-z0-9+/]+={0,2}$/, DELIVERY_MESSAGES.imageInvalid),
  v.maxLength(Math.ceil(MAX_SURVEY_ATTACHMENT_BYTES / 3) * 4, DELIVERY_MESSAGES.imageTooLarge),
);

export const SurveyAttachmentInput = v.object({
  imageFileName: RequiredText(DELIVERY_MESSAGES.imageRequired, 200),
  base64Image: Base64Image,
  description: Description,
  amount: v.optional(Amount(DELIVERY_MESSAGES.amountInvalid), 0),
});
export type SurveyAttachmentInput = v.InferOutput<typeof SurveyAttachmentInput>;

/** POST /DeliveryForm: the whole form of one home, answers and photos together (answers the submitted survey id). */
export const DeliveryReportInput = v.object({
  plantNumber: PlantNumber,
  serialNumber: RequiredText('Serial number is required.', 40),
  deliveryDateQuestion: v.object({
    questionId: Int('Question id must be a whole number.', 1),
    answer: v.nullish(v.union([v.literal(''), IsoDay('Delivery date must be a date.', 'Delivery date')]), null),
  }),
  siteDeliveryQuestion: AnswerInput,
  questionGroups: v.pipe(
    v.array(
      v.object({
        questionGroupId: Int('Question group id must be a whole number.', 1),
        questions: v.pipe(v.array(AnswerInput), v.maxLength(200)),
      }),
    ),
    v.maxLength(50),
  ),
  surveyAttachments: v.pipe(v.array(SurveyAttachmentInput), v.maxLength(20, 'At most 20 attachments.')),
});
export type DeliveryReportInput = v.InferOutput<typeof DeliveryReportInput>;

/** POST /Survey/SurveyAttachment: one more attachment on a submitted report. */
export const NewSurveyAttachmentInput = v.object({
  submittedSurveyId: Int('Submitted survey id must be a whole number.', 1),
  ...SurveyAttachmentInput.entries,
});
export type NewSurveyAttachmentInput = v.InferOutput<typeof NewSurveyAttachmentInput>;

/** PUT /Survey/SurveyAttachment/{id}: the description and amount of an attachment. */
export const SurveyAttachmentUpdate = v.object({
  description: Description,
  amount: v.optional(Amount(DELIVERY_MESSAGES.amountInvalid), 0),
  rowVersion: v.optional(RowVersion),
});
export type SurveyAttachmentUpdate = v.InferOutput<typeof SurveyAttachmentUpdate>;

/** Whether an answer fits its question's type ('' and null are "unanswered", judged by isRequired instead). */
export function isAnswerValid(questionType: QuestionType, answer: string | null): boolean {
  if (answer === null || answer === '') return true;
  switch (questionType) {
    case QUESTION_TYPES.trueFalse:
      return answer === 'true' || answer === 'false';
    case QUESTION_TYPES.yesNo:
      return answer === 'Yes' || answer === 'No';
    case QUESTION_TYPES.dateTime:
      return /^\d{4}-\d{2}-\d{2}/.test(answer) && !Number.isNaN(Date.parse(answer));
    default:
      return true;
  }
}

/** spec 2 §5: the panel is in edit mode when exactly one active attachment exists, otherwise in add mode. */
export const attachmentPanelMode = (activeAttachments: number): 'edit' | 'add' => (activeAttachments === 1 ? 'edit' : 'add');
