import { paths, type DeliveryReportInput, type NewSurveyAttachmentInput, type SurveyAttachmentUpdate } from '../../../contract';
import type { OutboxCall } from '../../../offline/outbox';
import { deliveryRecordKey } from './keys';

/*
 * The writes of spec 2 §7 Delivery forms and surveys, each as the exact REST call the outbox keeps and sends
 * (with its Idempotency-Key, so a call replayed after a lost answer is done once).
 */

/** POST /DeliveryForm: the whole form with its photos (base64); answers the new submitted survey id. */
export const submitDeliveryReportCall = (body: DeliveryReportInput): OutboxCall => ({
  method: 'POST',
  base: paths.deliveryForm.base,
  path: paths.deliveryForm.path,
  body,
  recordKey: deliveryRecordKey(body.plantNumber, body.serialNumber),
  label: `Submit delivery report for home ${body.serialNumber}`,
});

const reportRecordKey = (submittedSurveyId: number) => `delivery-report:${submittedSurveyId}`;

/** POST /Survey/SurveyAttachment: one more attachment on a submitted report. */
export const addSurveyAttachmentCall = (input: NewSurveyAttachmentInput): OutboxCall => ({
  method: 'POST',
  base: paths.surveyAttachments.base,
  path: paths.surveyAttachments.path,
  body: input,
  recordKey: reportRecordKey(input.submittedSurveyId),
  label: `Add attachment ${input.imageFileName} to delivery report ${input.submittedSurveyId}`,
});

/** PUT /Survey/SurveyAttachment/{id}: an attachment's description and amount. */
export const updateSurveyAttachmentCall = (submittedSurveyId: number, surveyAttachmentId: number, update: SurveyAttachmentUpdate): OutboxCall => ({
  method: 'PUT',
  base: paths.surveyAttachment(surveyAttachmentId).base,
  path: paths.surveyAttachment(surveyAttachmentId).path,
  body: update,
  recordKey: reportRecordKey(submittedSurveyId),
  label: `Update attachment of delivery report ${submittedSurveyId}`,
});

/** DELETE /Survey/SurveyAttachment/{id}. */
export const removeSurveyAttachmentCall = (submittedSurveyId: number, surveyAttachmentId: number): OutboxCall => ({
  method: 'DELETE',
  base: paths.surveyAttachment(surveyAttachmentId).base,
  path: paths.surveyAttachment(surveyAttachmentId).path,
  recordKey: reportRecordKey(submittedSurveyId),
  label: `Remove attachment of delivery report ${submittedSurveyId}`,
});
