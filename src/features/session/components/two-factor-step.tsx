import { useState } from 'react';
import * as v from 'valibot';
import { TwoFactorCode, type CmhUser } from '../../../contract';
import { HTTP_MESSAGES, isHttpError, isOfflineError } from '../../../lib/http';
import { revalidateLogic, useBasicForm } from '../../../ui/form-core';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { useVerifyTwoFactor } from '../api/two-factor-sign-in';

const CodeForm = v.object({ code: TwoFactorCode });

export interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (user: CmhUser) => Promise<void>;
  /** Back to the password: asked by the user, or the challenge ended (`message` says why). */
  onRestart: (message?: string) => void;
}

/**
 * The code step of sign-in (issue 33 §2): after a correct password, the 6-digit code of the authenticator app or a
 * recovery code. A wrong or used code stays here with the server's words; a challenge that ended goes back to the password.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useBasicForm({
    defaultValues: { code: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: CodeForm },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        const user = await verify.mutateAsync({ challenge, code: v.parse(CodeForm, value).code });
        await onSignedIn(user);
      } catch (error) {
        if (isHttpError(error, 410)) return onRestart(error.body?.message);
        formApi.setFieldValue('code', '', { dontValidate: true });
        if (isOfflineError(error)) setFailure('You are offline. Signing in needs a connection: please try again when you are back online.');
        else if (isHttpError(error, 400) || isHttpError(error, 429)) setFailure(error.body?.message ?? HTTP_MESSAGES.badRequest);
        else setFailure('Signing in failed. Please try again.');
      }
    },
  });

  return (
    <>
      <p className="login-card__lead">Enter the 6-digit code from your authenticator app.</p>
      {failure && (
        <p className="notice notice--warning" role="alert">
          {failure}
        </p>
      )}
      <form className="form" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label="Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              autoFocus
              hint="Lost your phone? Enter one of your recovery codes instead."
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel="Checking…">Verify</form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="login-card__aside">
        <button type="button" className="button button--link" onClick={() => onRestart()}>
          Back to sign in
        </button>
      </p>
    </>
  );
}
