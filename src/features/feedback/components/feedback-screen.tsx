import * as v from 'valibot';
import { FEEDBACK_TEXT_MAX, FeedbackSurvey, SATISFACTION_SCORES } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { useOnline } from '../../../offline/use-connection';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { useSubmitFeedback } from '../api/submit-feedback';
import { FeedbackForm } from '../feedback-form';

export const FEEDBACK_THANKS = {
  title: 'Thank you for your feedback!',
  description: 'Your answers have been sent to the HomeSite team.',
} as const;
export const FEEDBACK_QUEUED = {
  title: 'You are offline.',
  description: 'Your feedback will be sent as soon as you are back online.',
} as const;

const SCORE_LABELS: Record<(typeof SATISFACTION_SCORES)[number], string> = {
  1: '1 Very dissatisfied',
  2: '2 Dissatisfied',
  3: '3 Neutral',
  4: '4 Satisfied',
  5: '5 Very satisfied',
};

const DEFAULTS: v.InferInput<typeof FeedbackForm> = { satisfaction: '', worksWell: '', improve: '', mayContact: false };

/** The Feedback tile (spec 1 §1 names the survey; its questions are ours): a short survey stored on the server. */
export function FeedbackScreen({ userName }: { userName: string }) {
  const online = useOnline();
  const submitFeedback = useSubmitFeedback();
  const form = useAppForm({
    defaultValues: DEFAULTS,
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: FeedbackForm },
    onSubmit: async ({ value, formApi }) => {
      const body = v.parse(FeedbackSurvey, v.parse(FeedbackForm, value));
      const outcome = await submitFeedback.mutateAsync({ body, online }).catch(() => null);
      if (!outcome) return;
      notify({ level: outcome === 'sent' ? 'success' : 'info', ...(outcome === 'sent' ? FEEDBACK_THANKS : FEEDBACK_QUEUED) });
      formApi.reset(DEFAULTS);
    },
  });

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Feedback</h1>
      <p className="page__lead">Tell us how HomeSite works for you. It takes a minute.</p>
      <form className="form card" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        <form.AppField name="satisfaction">
          {(field) => (
            <field.RadioGroupField
              label="Overall, how satisfied are you with HomeSite?"
              required
              options={SATISFACTION_SCORES.map((score) => ({ value: String(score), label: SCORE_LABELS[score] }))}
            />
          )}
        </form.AppField>
        <form.AppField name="worksWell">
          {(field) => <field.TextAreaField label="What works well for you?" maxLength={FEEDBACK_TEXT_MAX} rows={4} />}
        </form.AppField>
        <form.AppField name="improve">
          {(field) => <field.TextAreaField label="What should we improve?" maxLength={FEEDBACK_TEXT_MAX} rows={4} />}
        </form.AppField>
        <form.AppField name="mayContact">
          {(field) => <field.ToggleField label="You may contact me about my feedback" hint={`We will write to ${userName}.`} />}
        </form.AppField>
        <div className="form__actions">
          <form.AppForm>
            <form.SubmitButton busyLabel="Sending...">Send feedback</form.SubmitButton>
          </form.AppForm>
        </div>
      </form>
    </div>
  );
}
