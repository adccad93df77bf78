import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  DELIVERY_MESSAGES,
  MIN_DELIVERY_ATTACHMENTS,
  QUESTION_TYPES,
  type DeliveryReport,
  type SurveyAttachment,
  type SurveyQuestion,
} from '../../../contract';
import { formatDate } from '../../../lib/date-format';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { describeAge } from '../../../offline/age';
import { useOnline } from '../../../offline/use-connection';
import { useNow } from '../../../offline/use-now';
import { QUEUED_MESSAGE } from '../../../offline/write-messages';
import { submitWrite, WriteRefusedError } from '../../../offline/runtime';
import { DeviceFullError } from '../../../offline/storage-full';
import { LoadFailure } from '../../../ui/load-failure';
import { useModals } from '../../../ui/modals';
import { NotOnDevice } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import { useSubmittedReport } from '../api/delivery-reports';
import { addSurveyAttachmentCall, removeSurveyAttachmentCall, updateSurveyAttachmentCall } from '../api/calls';
import { deliveryReportKeys } from '../api/keys';
import { toBase64, type PreparedAttachment } from '../attachments';
import { useWaitingAttachmentChanges } from '../pending';
import { DELIVERY_TITLES, deliveryRoutes } from '../routes';
import { useDeliveryWrite } from '../use-delivery-write';
import type { ShownAttachment } from './attachment-image';
import { AttachmentList } from './attachment-list';
import { AttachmentPanel, type AttachmentFieldsValue } from './attachment-panel';
import { HomeHeader } from './home-header';
import '../delivery-reports.css';

/** spec 2 §8: a failing load of a submitted delivery report sets an error flag. */
export const LOAD_FAILED_MESSAGE = 'The delivery report could not be loaded.';
export const REMOVE_CONFIRMATION = 'Remove this attachment from the delivery report?';

/** An answer as the read-only view shows it. */
function shownAnswer(report: DeliveryReport, question: SurveyQuestion): string {
  const answer = question.answer ?? '';
  if (question.questionId === report.deliveryDateQuestion.questionId || question.questionType === QUESTION_TYPES.dateTime)
    return formatDate(answer);
  if (question.questionType === QUESTION_TYPES.trueFalse) return answer === 'true' ? 'True' : answer === 'false' ? 'False' : '';
  return answer;
}

const shownAttachment = (attachment: SurveyAttachment): ShownAttachment => ({
  key: String(attachment.surveyAttachmentId),
  fileName: attachment.imageFileName,
  contentType: attachment.contentType,
  description: attachment.description,
  amount: attachment.amount,
  source: { kind: 'server', imageFileName: attachment.imageFileName },
});

function Answers({ report }: { report: DeliveryReport }) {
  const groups = [...report.questionGroups].sort((a, b) => a.sequence - b.sequence);
  const row = (question: SurveyQuestion) => (
    <div key={question.questionId} className="detail-list__row">
      <dt>{question.questionText}</dt>
      <dd>{shownAnswer(report, question) || <span className="delivery-view__none">Not answered</span>}</dd>
    </div>
  );
  return (
    <>
      <section className="form__section" aria-labelledby="delivery-view-delivery">
        <h2 id="delivery-view-delivery" className="form__legend">
          Delivery
        </h2>
        <dl className="detail-list delivery-answers">{[report.deliveryDateQuestion, report.siteDeliveryQuestion].map(row)}</dl>
      </section>
      {groups.map((group) => (
        <section key={group.questionGroupId} className="form__section" aria-labelledby={`delivery-view-group-${group.questionGroupId}`}>
          <h2 id={`delivery-view-group-${group.questionGroupId}`} className="form__legend">
            {group.title}
          </h2>
          <dl className="detail-list delivery-answers">{[...group.questions].sort((a, b) => a.sequence - b.sequence).map(row)}</dl>
        </section>
      ))}
    </>
  );
}

/**
 * spec 2 §2 read-only view of a submitted delivery report (/surveys/deliveryreports/{id} and /reports/deliveryreports/{id}):
 * its answers and photos; attachments can still be added, edited and removed by users who may write (spec 2 §7).
 */
export function DeliveryReportViewScreen({
  submittedSurveyId,
  under,
  canWrite,
  panelTarget,
}: {
  submittedSurveyId: number;
  under: 'surveys' | 'reports';
  canWrite: boolean;
  panelTarget: string | undefined;
}) {
  const report = useSubmittedReport(submittedSurveyId);
  const now = useNow();
  const screenPath = deliveryRoutes.view(submittedSurveyId, under);
  const data = report.data?.data;

  let body;
  if (data) {
    body = (
      <div className="delivery-view">
        {report.data?.fromCache && (
          <p className="notice notice--info" role="status">
            Saved copy, updated {describeAge(report.data.storedAt, now)}. It refreshes when the connection is back.
          </p>
        )}
        <HomeHeader report={data} />
        <Answers report={data} />
        <ReportAttachments report={data} screenPath={screenPath} canWrite={canWrite} panelTarget={panelTarget} />
      </div>
    );
  } else if (report.error && isOfflineError(report.error)) {
    // Not kept (a report is kept once opened, not for every row): said plainly, with nothing to try again (issue 19).
    body = <NotOnDevice what="delivery report" />;
  } else if (report.error) {
    body = (
      <LoadFailure
        message={isHttpError(report.error, 404) ? `${LOAD_FAILED_MESSAGE} It does not exist or is not in your scope.` : LOAD_FAILED_MESSAGE}
        retry={() => void report.refetch()}
      />
    );
  } else {
    body = (
      <p className="page__loading" role="status">
        Loading...
      </p>
    );
  }
  // Back where the view is reached from: the Reports screen's list, or the start screen after a submit.
  const back =
    under === 'surveys' && canWrite
      ? { href: deliveryRoutes.start, label: 'Back to Delivery Reports' }
      : { href: '/reports', label: 'Back to Reports' };
  return (
    <div className="page delivery-page">
      <p>
        <PathLink href={back.href}>{back.label}</PathLink>
      </p>
      <h1 className="page__title">{DELIVERY_TITLES.view}</h1>
      {body}
    </div>
  );
}

function ReportAttachments({
  report,
  screenPath,
  canWrite,
  panelTarget,
}: {
  report: DeliveryReport;
  screenPath: string;
  canWrite: boolean;
  panelTarget: string | undefined;
}) {
  const submittedSurveyId = report.submittedSurveyId!;
  const online = useOnline();
  const modals = useModals();
  const write = useDeliveryWrite();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const attachments = useMemo(() => report.surveyAttachments.map(shownAttachment), [report.surveyAttachments]);
  const waiting = useWaitingAttachmentChanges(submittedSurveyId);

  /** One POST per file; one toast for the selection (spec 2 §8), the queued notice if any waits, the error toast if refused. */
  async function add(files: PreparedAttachment[], fields: AttachmentFieldsValue) {
    let queued = false;
    try {
      for (const file of files) {
        const call = addSurveyAttachmentCall({
          submittedSurveyId,
          imageFileName: file.fileName,
          base64Image: toBase64(file.data),
          ...fields,
        });
        queued = (await submitWrite(call, online)).status === 'queued' || queued;
      }
    } catch (error) {
      notify({
        level: 'error',
        title: DELIVERY_MESSAGES.attachmentAddFailed,
        description: error instanceof WriteRefusedError || error instanceof DeviceFullError ? error.message : undefined,
      });
      throw new Error(DELIVERY_MESSAGES.attachmentAddFailed, { cause: error });
    } finally {
      await queryClient.invalidateQueries({ queryKey: deliveryReportKeys.all });
    }
    notify(
      queued
        ? { level: 'info', id: 'delivery-report-queued', title: QUEUED_MESSAGE }
        : { level: 'success', title: DELIVERY_MESSAGES.attachmentsAdded },
    );
  }

  async function update(target: ShownAttachment, fields: AttachmentFieldsValue) {
    const current = report.surveyAttachments.find((attachment) => String(attachment.surveyAttachmentId) === target.key);
    if (!current) return;
    await write(
      updateSurveyAttachmentCall(submittedSurveyId, current.surveyAttachmentId, { ...fields, rowVersion: current.rowVersion }),
      DELIVERY_MESSAGES.attachmentUpdated,
    );
  }

  async function remove(target: ShownAttachment) {
    if (!(await modals.confirm(REMOVE_CONFIRMATION))) return;
    setBusy(true);
    try {
      await write(removeSurveyAttachmentCall(submittedSurveyId, Number(target.key)), DELIVERY_MESSAGES.attachmentRemoved);
    } catch (error) {
      notify({ level: 'warning', title: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form__section" aria-labelledby="delivery-view-attachments">
      <h2 id="delivery-view-attachments" className="form__legend">
        Photos
      </h2>
      {waiting > 0 && (
        <p className="notice notice--info" role="status">
          {waiting === 1 ? '1 change to these attachments waits' : `${waiting} changes to these attachments wait`} on this device; the
          photos show it once it is sent.
        </p>
      )}
      <AttachmentList
        attachments={attachments}
        screenPath={screenPath}
        editable={canWrite}
        onRemove={(attachment) => void remove(attachment)}
        busy={busy}
        removable={attachments.length > MIN_DELIVERY_ATTACHMENTS}
      />
      {canWrite && panelTarget !== undefined && (
        <AttachmentPanel closeTo={screenPath} target={panelTarget} attachments={attachments} onAdd={add} onUpdate={update} />
      )}
    </section>
  );
}
