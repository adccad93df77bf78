import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import { SUPPORT_PRIORITIES, SUPPORT_TYPES, SupportMessage, type CmhUser } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { useOnline } from '../../../offline/use-connection';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { useSubmitSupport } from '../api/submit-support';
import { SUPPORT_PHONE_HREF, SUPPORT_PHONE_NUMBER, SUPPORT_PHONE_OPTION } from '../support-phone';

/** spec 1 §7 Support answer: the success toast, word for word (its "You request" included). */
export const SUPPORT_SUBMITTED = { title: 'Submission Successful!', description: 'You request has been successfully submitted' } as const;
export const SUPPORT_QUEUED = {
  title: 'You are offline.',
  description: 'Your support request will be sent as soon as you are back online.',
} as const;
/** spec 1 §9: the description holds at most 2000 characters. */
export const SUPPORT_DESCRIPTION_MAX = 2000;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** spec 1 §2, §5 Support request: name (the user's full name), phone, priority Normal, type Question, description. */
export function SupportScreen({ user }: { user: Pick<CmhUser, 'firstName' | 'lastName'> }) {
  const online = useOnline();
  const submitSupport = useSubmitSupport();
  const defaultValues: v.InferInput<typeof SupportMessage> = {
    name: `${user.firstName} ${user.lastName}`.trim(),
    phone: '',
    priority: 'Normal',
    type: 'Question',
    message: '',
  };
  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: SupportMessage },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await submitSupport.mutateAsync({ body: v.parse(SupportMessage, value), online }).catch(() => null);
      if (!outcome) return; // the http layer already showed the error; the form keeps what was typed
      notify({ level: outcome === 'sent' ? 'success' : 'info', ...(outcome === 'sent' ? SUPPORT_SUBMITTED : SUPPORT_QUEUED) });
      formApi.reset(defaultValues);
    },
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Support</h1>
      <p className="support-phone">
        Call support at{' '}
        <a href={SUPPORT_PHONE_HREF}>
          {SUPPORT_PHONE_NUMBER} {SUPPORT_PHONE_OPTION}
        </a>
        , or send us a request below.
      </p>
      {!online && (
        <p className="notice notice--info" role="status">
          You are offline. A request you send now is kept on this device and sent when you are back online.
        </p>
      )}
      <form className="form card" noValidate aria-busy={submitting} onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        <div className="form__row">
          <form.AppField name="name">
            {(field) => <field.TextField label="Name" autoComplete="name" required maxLength={100} />}
          </form.AppField>
          <form.AppField name="phone">{(field) => <field.PhoneField label="Phone" />}</form.AppField>
        </div>
        <div className="form__row">
          <form.AppField name="priority">
            {(field) => <field.SelectField label="Priority" options={options(SUPPORT_PRIORITIES)} />}
          </form.AppField>
          <form.AppField name="type">
            {(field) => <field.SelectField label="Request type" options={options(SUPPORT_TYPES)} />}
          </form.AppField>
        </div>
        <form.AppField name="message">
          {(field) => <field.TextAreaField label="Description" required maxLength={SUPPORT_DESCRIPTION_MAX} rows={8} />}
        </form.AppField>
        <div className="form__actions">
          <form.AppForm>
            <form.SubmitButton busyLabel="Submitting...">Submit</form.SubmitButton>
          </form.AppForm>
        </div>
      </form>
    </div>
  );
}
