import { useStore } from '@tanstack/react-form';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DELIVERY_MESSAGES, QUESTION_TYPES, type DeliveryReport, type SurveyQuestion } from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { notify } from '../../../lib/notifier';
import { WriteRefusedError } from '../../../offline/runtime';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { useModals } from '../../../ui/modals';
import { submittedIdOf } from '../api/answers';
import { submitDeliveryReportCall } from '../api/calls';
import { attachmentInput, type DraftAttachment } from '../attachments';
import { removeDraft, saveDraft, type DeliveryDraft } from '../drafts';
import { ANSWER_CHOICES, answerKey, anyAnswered, checkDeliveryForm, deliveryReportBody, initialAnswers, type Answers } from '../form-rules';
import { deliveryRoutes } from '../routes';
import { useDeliveryWrite } from '../use-delivery-write';
import type { ShownAttachment } from './attachment-image';
import { AttachmentList } from './attachment-list';
import { AttachmentPanel, type AttachmentFieldsValue } from './attachment-panel';
import { HomeHeader } from './home-header';

/*
 * spec 2 §2, §4 Delivery form (blank, then submitted), §5 submit rules, §8 toast; issue 12 §5: filled in at the homesite
 * with or without a signal. Answers and photos are kept on the device as they change (drafts.ts); Submit puts the whole
 * form, photos in base64, in the outbox as the one POST /DeliveryForm, sent at once when there is a connection.
 */

export const CANCEL_CONFIRMATION = 'Leave this delivery report without submitting it? The answers and photos entered will be discarded.';
export const INVALID_CHARACTERS_FLAG = 'Some answers contain characters that are not allowed.';

const DRAFT_SAVE_DELAY_MS = 400;

/** One object per kept photo, so that a thumbnail's object URL is made once, not on each render. */
const shownByAttachment = new WeakMap<DraftAttachment, ShownAttachment>();
function shown(attachment: DraftAttachment): ShownAttachment {
  let entry = shownByAttachment.get(attachment);
  if (!entry) {
    const { id, fileName, contentType, description, amount, data } = attachment;
    entry = { key: id, fileName, contentType, description, amount, source: { kind: 'device', data } };
    shownByAttachment.set(attachment, entry);
  }
  return entry;
}

/**
 * Keeps the draft on the device a moment after each change, and at once when the form goes away or the page is hidden
 * (a tablet put to sleep, a reload); `stop` ends it (the form was submitted or cancelled) and removes the draft.
 */
function useDraftSaver(scope: string, report: DeliveryReport) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const unsaved = useRef<DeliveryDraft>(undefined);
  const stopped = useRef(false);
  const saver = useMemo(() => {
    const flush = () => {
      clearTimeout(timer.current);
      const draft = unsaved.current;
      unsaved.current = undefined;
      if (draft && !stopped.current) void saveDraft(scope, report.plantNumber, report.serialNumber, draft);
    };
    return {
      flush,
      save(draft: DeliveryDraft) {
        if (stopped.current) return;
        unsaved.current = draft;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
      },
      /** No more saving; the draft is kept (a queued submit may still be refused) unless `remove`. */
      async stop({ remove }: { remove: boolean }) {
        const last = unsaved.current;
        stopped.current = true;
        unsaved.current = undefined;
        clearTimeout(timer.current);
        if (remove) await removeDraft(scope, report.plantNumber, report.serialNumber);
        else if (last) await saveDraft(scope, report.plantNumber, report.serialNumber, last);
      },
    };
  }, [scope, report.plantNumber, report.serialNumber]);
  useEffect(() => {
    const onHide = () => saver.flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      saver.flush();
    };
  }, [saver]);
  return saver;
}

export interface DeliveryFormProps {
  scope: string;
  report: DeliveryReport;
  draft: DeliveryDraft | undefined;
  /** The screen's own path (the panel's search param hangs off it). */
  screenPath: string;
  panelTarget: string | undefined;
  /** Put together on the device from the kept question set, with no connection. */
  composedOffline: boolean;
  onSubmitting: (submitting: boolean) => void;
}

export function DeliveryForm({ scope, report, draft, screenPath, panelTarget, composedOffline, onSubmitting }: DeliveryFormProps) {
  const router = useRouter();
  const modals = useModals();
  const write = useDeliveryWrite();
  const saver = useDraftSaver(scope, report);
  const formRef = useRef<HTMLFormElement>(null);
  const [attachments, setAttachments] = useState<DraftAttachment[]>(() => draft?.attachments ?? []);
  const attachmentsRef = useRef(attachments);
  attachmentsRef.current = attachments;
  const [flagsShown, setFlagsShown] = useState(false);
  const [formError, setFormError] = useState<string>();

  const form = useAppForm({
    defaultValues: { answers: { ...initialAnswers(report), ...draft?.answers } as Answers },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }) => {
        const { errors } = checkDeliveryForm(report, value.answers, attachmentsRef.current.length);
        const fields = Object.fromEntries(Object.entries(errors).map(([key, message]) => [`answers.${key}`, message]));
        return Object.keys(fields).length ? { fields } : undefined;
      },
    },
    onSubmitInvalid: () => {
      setFlagsShown(true);
      requestAnimationFrame(() => focusFirstInvalidField(formRef.current));
    },
    onSubmit: async ({ value }) => {
      setFlagsShown(true);
      const check = checkDeliveryForm(report, value.answers, attachmentsRef.current.length);
      if (!check.ok) {
        document.getElementById('delivery-attachments')?.focus();
        return;
      }
      setFormError(undefined);
      onSubmitting(true);
      try {
        const body = deliveryReportBody(report, value.answers, attachmentsRef.current.map(attachmentInput));
        const outcome = await write(submitDeliveryReportCall(body), DELIVERY_MESSAGES.submitted);
        // Queued, the draft stays until the server has the report (pending.ts removes it then).
        await saver.stop({ remove: outcome.status === 'sent' });
        if (outcome.status === 'sent') {
          const id = submittedIdOf(outcome.body);
          void router.navigate({ href: id ? deliveryRoutes.view(id) : deliveryRoutes.start, replace: true });
        }
      } catch (error) {
        setFormError(error instanceof WriteRefusedError ? error.message : error instanceof Error ? error.message : String(error));
      } finally {
        onSubmitting(false);
      }
    },
  });
  const answers = useStore(form.store, (state) => state.values.answers);
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  useEffect(() => {
    const initial = draft === undefined && !anyAnswered(answers) && attachments.length === 0;
    if (!initial) saver.save({ answers, attachments });
  }, [answers, attachments, draft, saver]);

  const check = checkDeliveryForm(report, answers, attachments.length);
  const shownAttachments = useMemo(() => attachments.map(shown), [attachments]);

  async function cancel() {
    if ((anyAnswered(answers) || attachments.length > 0) && !(await modals.confirm(CANCEL_CONFIRMATION))) return;
    await saver.stop({ remove: true });
    // The spec sends a cancelled form to /inventorymanagement/web, another application that is not part of this
    // product; it goes back to this product's own entry point instead.
    void router.navigate({ href: deliveryRoutes.start });
  }

  async function addAttachments(
    files: readonly { fileName: string; contentType: string; hash: string; data: ArrayBuffer }[],
    fields: AttachmentFieldsValue,
  ) {
    setAttachments((current) => [...current, ...files.map((file) => ({ id: newUuid(), ...file, ...fields }))]);
    notify({ level: 'success', title: DELIVERY_MESSAGES.attachmentsAdded });
  }
  async function updateAttachment(target: ShownAttachment, fields: AttachmentFieldsValue) {
    setAttachments((current) => current.map((attachment) => (attachment.id === target.key ? { ...attachment, ...fields } : attachment)));
    notify({ level: 'success', title: DELIVERY_MESSAGES.attachmentUpdated });
  }
  function removeAttachment(target: ShownAttachment) {
    setAttachments((current) => current.filter((attachment) => attachment.id !== target.key));
    notify({ level: 'success', title: DELIVERY_MESSAGES.attachmentRemoved });
  }

  function questionField(question: SurveyQuestion, isDate: boolean) {
    const name = `answers.${answerKey(question.questionId)}` as const;
    const choices = ANSWER_CHOICES[question.questionType];
    return (
      <form.AppField key={question.questionId} name={name}>
        {(field) =>
          isDate ? (
            <field.DateField label={question.questionText} required={question.isRequired} disabled={submitting} />
          ) : choices ? (
            <field.RadioGroupField label={question.questionText} options={choices} required={question.isRequired} disabled={submitting} />
          ) : (
            <field.TextField label={question.questionText} required={question.isRequired} maxLength={1000} disabled={submitting} />
          )
        }
      </form.AppField>
    );
  }

  const groups = [...report.questionGroups].sort((a, b) => a.sequence - b.sequence);
  return (
    <>
      <HomeHeader report={report} />
      {composedOffline && (
        <p className="notice notice--info" role="status">
          You are offline. This form was put together from the copy saved on this device; when you submit it, it is sent as soon as the
          connection is back.
        </p>
      )}
      <form
        ref={formRef}
        className="form delivery-form"
        noValidate
        aria-label={`Delivery report for home ${report.serialNumber}`}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {formError && (
          <p className="notice notice--warning" role="alert">
            {formError}
          </p>
        )}
        <p className="field__hint">
          Questions marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <fieldset className="form__section">
          <legend className="form__legend">Delivery</legend>
          {questionField(report.deliveryDateQuestion, true)}
          {questionField(report.siteDeliveryQuestion, report.siteDeliveryQuestion.questionType === QUESTION_TYPES.dateTime)}
        </fieldset>
        {groups.map((group) => (
          <fieldset key={group.questionGroupId} className="form__section">
            <legend className="form__legend">{group.title}</legend>
            {[...group.questions]
              .sort((a, b) => a.sequence - b.sequence)
              .map((question) => questionField(question, question.questionType === QUESTION_TYPES.dateTime))}
          </fieldset>
        ))}
        <fieldset id="delivery-attachments" tabIndex={-1} className="form__section delivery-form__photos">
          <legend className="form__legend">
            Photos
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          {flagsShown && check.attachmentsMissing && (
            <p className="field__errors delivery-form__flag" role="alert">
              {DELIVERY_MESSAGES.attachmentRequired}
            </p>
          )}
          <AttachmentList attachments={shownAttachments} screenPath={screenPath} editable={!submitting} onRemove={removeAttachment} />
        </fieldset>
        {flagsShown && check.invalidCharacters && (
          <p className="notice notice--warning delivery-form__flag" role="alert">
            {INVALID_CHARACTERS_FLAG}
          </p>
        )}
        <div className="form__actions delivery-form__actions">
          <button type="button" className="button" onClick={() => void cancel()} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
      {panelTarget !== undefined && (
        <AttachmentPanel
          closeTo={screenPath}
          target={panelTarget}
          attachments={shownAttachments}
          knownHashes={attachments.map((attachment) => attachment.hash)}
          onAdd={addAttachments}
          onUpdate={updateAttachment}
        />
      )}
    </>
  );
}
