import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { ForgotPasswordBody } from '../../../contract';
import { HTTP_MESSAGES, isHttpError, isOfflineError } from '../../../lib/http';
import { revalidateLogic, useBasicForm } from '../../../ui/form-core';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { useForgotPassword } from '../api/forgot-password';
import { LoginCard } from './sign-in-pages';

export const SENDING_LINK_OFFLINE_MESSAGE =
  'You are offline. Sending a link needs a connection: please try again when you are back online.';

/** The words a failed ForgotPassword call leaves on the page: the server's (400, 429: asked too often) or no connection. */
export function forgotPasswordFailure(error: unknown): string | null {
  if (isOfflineError(error)) return SENDING_LINK_OFFLINE_MESSAGE;
  if (isHttpError(error, 400) || isHttpError(error, 429)) return error.body?.message ?? HTTP_MESSAGES.badRequest;
  // Any other failure was shown by the error catalogue (lib/http.ts).
  return null;
}

/**
 * /forgot-password: asks for a password reset link by user name (issue 29). The answer is the same words whether or
 * not the user exists, shown in place of the form.
 */
export function ForgotPasswordScreen() {
  const forgotPassword = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useBasicForm({
    defaultValues: { userName: '' },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: ForgotPasswordBody },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        const answer = await forgotPassword.mutateAsync(v.parse(ForgotPasswordBody, value));
        setSentMessage(answer.message);
      } catch (error) {
        setFailure(forgotPasswordFailure(error));
      }
    },
  });

  return (
    <LoginCard title="Forgot your password?">
      {sentMessage !== null ? (
        <p className="notice notice--info" role="status">
          {sentMessage}
        </p>
      ) : (
        <>
          <p className="login-card__lead">Enter your user name and we will send you a link to set a new password.</p>
          {failure && (
            <p className="notice notice--warning" role="alert">
              {failure}
            </p>
          )}
          <form className="form" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
            <form.AppField name="userName">
              {(field) => <field.TextField label="User name" autoComplete="username" required autoFocus />}
            </form.AppField>
            <form.AppForm>
              <form.SubmitButton busyLabel="Sending…">Send link</form.SubmitButton>
            </form.AppForm>
          </form>
        </>
      )}
      <p className="login-card__aside">
        <Link to="/login">Back to sign in</Link>
      </p>
    </LoginCard>
  );
}
