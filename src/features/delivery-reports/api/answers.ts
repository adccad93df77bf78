import * as v from 'valibot';
import {
  QUESTION_TYPES,
  type DeliveryFormConflict,
  type DeliveryReport,
  type DeliveryReportSubmitted,
  type QuestionGroup,
  type SurveyAttachment,
  type SurveyQuestion,
} from '../../../contract';

/*
 * The server's answers of spec 2 §7 Delivery forms and surveys, parsed at the http boundary against the contract's
 * types (contract/delivery-reports.ts), so a changed answer fails loudly instead of drawing a half-empty form.
 */

const QuestionAnswer = v.object({
  questionId: v.number(),
  questionText: v.string(),
  questionType: v.picklist(Object.values(QUESTION_TYPES)),
  isRequired: v.boolean(),
  sequence: v.number(),
  answer: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, SurveyQuestion>;

const QuestionGroupAnswer = v.object({
  questionGroupId: v.number(),
  title: v.string(),
  sequence: v.number(),
  questions: v.array(QuestionAnswer),
}) satisfies v.GenericSchema<unknown, QuestionGroup>;

const SurveyAttachmentAnswer = v.object({
  surveyAttachmentId: v.number(),
  imageUploadId: v.string(),
  imageFileName: v.string(),
  contentType: v.string(),
  description: v.string(),
  amount: v.number(),
  rowVersion: v.number(),
}) satisfies v.GenericSchema<unknown, SurveyAttachment>;

/** GET /DeliveryForm/{plantNumber}/{serialNumber} and GET /DeliveryForm/{submittedSurveyId}. */
export const DeliveryReportAnswer = v.object({
  surveyId: v.number(),
  submittedSurveyId: v.nullable(v.number()),
  plantNumber: v.string(),
  plantName: v.string(),
  serialNumber: v.string(),
  modelNumber: v.string(),
  modelName: v.string(),
  customerName: v.string(),
  submittedBy: v.string(),
  submitDate: v.nullable(v.string()),
  deliveryDateQuestion: QuestionAnswer,
  siteDeliveryQuestion: QuestionAnswer,
  questionGroups: v.array(QuestionGroupAnswer),
  surveyAttachments: v.array(SurveyAttachmentAnswer),
}) satisfies v.GenericSchema<unknown, DeliveryReport>;

/** POST /DeliveryForm answers { submittedSurveyId } (contract DeliveryReportSubmitted); undefined when it does not. */
export function submittedIdOf(answer: unknown): number | undefined {
  const id = answer && typeof answer === 'object' ? (answer as Partial<DeliveryReportSubmitted>).submittedSurveyId : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The 409 of a blank form whose home already has a report names it (contract DeliveryFormConflict). */
export const conflictIdOf = (data: unknown) => submittedIdOf(data as Partial<DeliveryFormConflict> | undefined);
