import * as v from 'valibot';
import { paths, type DeliveryReportInput, type NewSurveyAttachmentInput, type SurveyAttachmentUpdate } from '../../../contract';
import type { OutboxEntry } from '../../../offline/db';
import type { OutboxCall } from '../../../offline/outbox';
import { intentOf } from '../../../offline/read-entry';
import { deliveryRecordKey } from './keys';

/*
 * The writes of spec 2 §7 Delivery forms and surveys, each as the exact REST call the outbox keeps and sends
 * (with its Idempotency-Key, so a call replayed after a lost answer is done once), with what the user did
 * (DeliveryIntent) beside it for the screens.
 */

const DELIVERY_REPORTS = 'delivery-reports';

/** What the user did, as a delivery-report entry of the outbox says it (OutboxIntent). */
export const DeliveryIntent = v.variant('kind', [
  v.object({ feature: v.literal(DELIVERY_REPORTS), kind: v.literal('submit-report'), plantNumber: v.string(), serialNumber: v.string() }),
  v.object({
    feature: v.literal(DELIVERY_REPORTS),
    kind: v.literal('survey-attachment'),
    action: v.picklist(['add', 'update', 'remove']),
    submittedSurveyId: v.number(),
  }),
]);
export type DeliveryIntent = v.InferOutput<typeof DeliveryIntent>;

/** The intent of a delivery-report entry; undefined for another feature's. */
export const deliveryIntentOf = (entry: Pick<OutboxEntry, 'intent'>) => intentOf(entry, DeliveryIntent);

/** POST /DeliveryForm: the whole form with its photos (base64); answers the new submitted survey id. */
export const submitDeliveryReportCall = (body: DeliveryReportInput): OutboxCall<DeliveryReportInput, DeliveryIntent> => ({
  method: 'POST',
  base: paths.deliveryForm.base,
  path: paths.deliveryForm.path,
  body,
  recordKey: deliveryRecordKey(body.plantNumber, body.serialNumber),
  label: `Submit delivery report for home ${body.serialNumber}`,
  intent: { feature: DELIVERY_REPORTS, kind: 'submit-report', plantNumber: body.plantNumber, serialNumber: body.serialNumber },
});

/** The outbox record of a submitted report: changes of its attachments keep their order. */
const reportRecordKey = (submittedSurveyId: number) => `delivery-report:${submittedSurveyId}`;

const attachmentIntent = (action: 'add' | 'update' | 'remove', submittedSurveyId: number): DeliveryIntent => ({
  feature: DELIVERY_REPORTS,
  kind: 'survey-attachment',
  action,
  submittedSurveyId,
});

/** POST /Survey/SurveyAttachment: one more attachment on a submitted report. */
export const addSurveyAttachmentCall = (input: NewSurveyAttachmentInput): OutboxCall<NewSurveyAttachmentInput, DeliveryIntent> => ({
  method: 'POST',
  base: paths.surveyAttachments.base,
  path: paths.surveyAttachments.path,
  body: input,
  recordKey: reportRecordKey(input.submittedSurveyId),
  label: `Add attachment ${input.imageFileName} to delivery report ${input.submittedSurveyId}`,
  intent: attachmentIntent('add', input.submittedSurveyId),
});

/** PUT /Survey/SurveyAttachment/{id}: an attachment's description and amount. */
export const updateSurveyAttachmentCall = (
  submittedSurveyId: number,
  surveyAttachmentId: number,
  update: SurveyAttachmentUpdate,
): OutboxCall<SurveyAttachmentUpdate, DeliveryIntent> => ({
  method: 'PUT',
  base: paths.surveyAttachment(surveyAttachmentId).base,
  path: paths.surveyAttachment(surveyAttachmentId).path,
  body: update,
  recordKey: reportRecordKey(submittedSurveyId),
  label: `Update attachment of delivery report ${submittedSurveyId}`,
  intent: attachmentIntent('update', submittedSurveyId),
});

/** DELETE /Survey/SurveyAttachment/{id}. */
export const removeSurveyAttachmentCall = (submittedSurveyId: number, surveyAttachmentId: number): OutboxCall<never, DeliveryIntent> => ({
  method: 'DELETE',
  base: paths.surveyAttachment(surveyAttachmentId).base,
  path: paths.surveyAttachment(surveyAttachmentId).path,
  recordKey: reportRecordKey(submittedSurveyId),
  label: `Remove attachment of delivery report ${submittedSurveyId}`,
  intent: attachmentIntent('remove', submittedSurveyId),
});
