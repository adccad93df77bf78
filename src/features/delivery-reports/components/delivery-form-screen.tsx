import { useEffect, useState } from 'react';
import { DELIVERY_MESSAGES, serialKey } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { conflictIdOf } from '../api/answers';
import { LoadFailure } from '../../../ui/load-failure';
import { NotOnDevice } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import { useBlankForm, useDeliveryReportList } from '../api/delivery-reports';
import { readDraft, type DeliveryDraft } from '../drafts';
import { pendingSubmitOf, usePendingSubmits } from '../pending';
import { DELIVERY_TITLES, deliveryRoutes } from '../routes';
import { DeliveryForm } from './delivery-form';
import { SubmissionPending } from './submission-pending';
import '../delivery-reports.css';

/** The kept draft of this home's form: undefined while it is read, null when there is none. */
function useDraft(scope: string, plantNumber: string, serialNumber: string) {
  const [draft, setDraft] = useState<{ for: string; draft: DeliveryDraft | null }>();
  const key = `${scope}|${plantNumber}/${serialNumber}`;
  useEffect(() => {
    let active = true;
    readDraft(scope, plantNumber, serialNumber).then(
      (kept) => active && setDraft({ for: key, draft: kept ?? null }),
      () => active && setDraft({ for: key, draft: null }),
    );
    return () => {
      active = false;
    };
  }, [scope, plantNumber, serialNumber, key]);
  return draft?.for === key ? draft.draft : undefined;
}

/** One report per home (contract header): a home that has one opens it read-only. */
function AlreadySubmitted({ submittedSurveyId }: { submittedSurveyId: number }) {
  return (
    <p className="notice notice--info" role="status">
      {DELIVERY_MESSAGES.alreadySubmitted} <PathLink href={deliveryRoutes.view(submittedSurveyId)}>View the delivery report</PathLink>
    </p>
  );
}

/** spec 2 §2 /surveys/deliveryreports/{plantNumber}/{serialNumber}: a home's blank delivery report form. */
export function DeliveryFormScreen({
  scope,
  plantNumber,
  serialNumber,
  panelTarget,
}: {
  scope: string;
  plantNumber: string;
  serialNumber: string;
  panelTarget: string | undefined;
}) {
  const pending = usePendingSubmits();
  const mark = pendingSubmitOf(pending, plantNumber, serialNumber);
  const [submitting, setSubmitting] = useState(false);
  const list = useDeliveryReportList(scope);
  const existing = list.data?.data.find(
    (row) => row.plantNumber === plantNumber && serialKey(row.serialNumber) === serialKey(serialNumber),
  );
  const showForm = submitting || (pending !== undefined && !mark && !existing);
  const blank = useBlankForm(scope, plantNumber, serialNumber, showForm);
  const draft = useDraft(scope, plantNumber, serialNumber);
  const screenPath = deliveryRoutes.blankForm(plantNumber, serialNumber);

  let body;
  if (mark && !submitting) body = <SubmissionPending mark={mark} serialNumber={serialNumber} />;
  else if (existing && !submitting) body = <AlreadySubmitted submittedSurveyId={existing.submittedSurveyId} />;
  else if (blank.data && draft !== undefined) {
    body = (
      <DeliveryForm
        key={screenPath}
        scope={scope}
        report={blank.data.data}
        draft={draft ?? undefined}
        screenPath={screenPath}
        panelTarget={panelTarget}
        composedOffline={blank.data.fromCache}
        onSubmitting={setSubmitting}
      />
    );
  } else if (blank.error && isHttpError(blank.error, 409) && conflictIdOf(blank.error.data)) {
    body = <AlreadySubmitted submittedSurveyId={conflictIdOf(blank.error.data)!} />;
  } else if (blank.error) {
    // Offline with no kept question set or home (Delivery Reports not opened online yet): said plainly (issue 19).
    body = isOfflineError(blank.error) ? (
      <NotOnDevice what="delivery form" />
    ) : (
      <LoadFailure
        message={`The delivery form of this home could not be loaded. ${blank.error.message}`}
        retry={() => void blank.refetch()}
      />
    );
  } else {
    body = (
      <p className="page__loading" role="status">
        Loading...
      </p>
    );
  }

  return (
    <div className="page delivery-page">
      <p>
        <PathLink href={deliveryRoutes.start}>Back to Delivery Reports</PathLink>
      </p>
      <h1 className="page__title">
        {DELIVERY_TITLES.form} <span className="delivery-page__serial">{serialNumber}</span>
      </h1>
      {body}
    </div>
  );
}
