import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { LoginBody } from '../../../contract';
import { PRODUCT_NAME } from '../../../lib/constants';
import { isOfflineError } from '../../../lib/http';
import { useOnline } from '../../../offline/use-connection';
import { revalidateLogic, useBasicForm } from '../../../ui/form-core';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { useSignIn } from '../api/two-factor-sign-in';
import { singleSignOnOptionsQueryOptions, singleSignOnStartUrl } from '../api/single-sign-on';
import { LoginCard, navigateAfterSignIn } from './sign-in-pages';
import { TwoFactorStep } from './two-factor-step';

export interface LoginScreenProps {
  /** /login/expired: the session ended and the user signs in again. */
  expired: boolean;
  /** spec 1 §4: the returnUrl query value, undefined when absent. */
  returnUrl?: string;
  /** Why a sign-in through the identity provider was refused (issue 33 §1). */
  refusal?: string;
}

/**
 * spec 1 §2 Login. The spec's sign-out redirect to an external sign-in service does not apply: this product is
 * its own sign-in service, so opening the login screen only clears the stored token and profile (the route does).
 */
export function LoginScreen({ expired, returnUrl, refusal }: LoginScreenProps) {
  const navigate = useNavigate();
  const loginMutation = useSignIn();
  // issue 33 §2: after a correct password, the code step when the user has two-factor sign-in on.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The basic form hook: the first screen of a new device does not load the masked inputs it does not show.
  const form = useBasicForm({
    defaultValues: { Username: '', Password: '' },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: LoginBody },
    onSubmit: async ({ value, formApi }) => {
      setOffline(false);
      try {
        const result = await loginMutation.mutateAsync(v.parse(LoginBody, value));
        if (result.step === 'code') {
          setRestartNotice(null);
          setChallenge(result.challenge);
          return;
        }
        await navigateAfterSignIn(navigate, result.user, returnUrl);
      } catch (error) {
        // spec 1 §4: on failure the submitted flag clears (the form's own) and the password is emptied.
        formApi.setFieldValue('Password', '', { dontValidate: true });
        setOffline(isOfflineError(error));
        formRef.current?.querySelector<HTMLInputElement>('input[name="Password"]')?.focus();
      }
    },
  });

  if (challenge)
    return (
      <LoginCard title="Two-factor sign-in">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={(user) => navigateAfterSignIn(navigate, user, returnUrl)}
          onRestart={(message) => {
            form.reset();
            setRestartNotice(message ?? null);
            setChallenge(null);
          }}
        />
      </LoginCard>
    );

  return (
    <LoginCard title={`Welcome to ${PRODUCT_NAME}`}>
      <p className="login-card__lead">Sign in with your {PRODUCT_NAME} user name and password.</p>
      {expired && (
        <p className="notice notice--info" role="status">
          Your session has ended. Please sign in again.
        </p>
      )}
      {refusal && (
        <p className="notice notice--warning" role="alert">
          {refusal}
        </p>
      )}
      <SingleSignOnButton returnUrl={returnUrl} />
      {restartNotice && (
        <p className="notice notice--info" role="status">
          {restartNotice}
        </p>
      )}
      {offline && (
        <p className="notice notice--warning" role="alert">
          You are offline. Signing in needs a connection: please try again when you are back online.
        </p>
      )}
      <form ref={formRef} className="form" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        <form.AppField name="Username">
          {(field) => <field.TextField label="Username" autoComplete="username" required autoFocus />}
        </form.AppField>
        <form.AppField name="Password">
          {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel="Signing in…">Sign in</form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="login-card__aside">
        {/* The path itself, not the contract's FORGOT_PASSWORD_PATH: that module would then load with the login screen.
            Pressing it keeps the focus where it is: leaving the empty Username would show its message, move this link
            down under the pointer and lose the click. */}
        <Link to="/forgot-password" onMouseDown={(event) => event.preventDefault()}>
          Forgot password?
        </Link>
      </p>
    </LoginCard>
  );
}

/**
 * "Sign in with {OIDC_LABEL}" above the password form, when the server has single sign-on (issue 33 §1). It leaves for
 * the identity provider, which needs the network: offline it stays, disabled, with the reason.
 */
function SingleSignOnButton({ returnUrl }: { returnUrl?: string }) {
  const options = useQuery(singleSignOnOptionsQueryOptions()).data?.singleSignOn;
  const online = useOnline();
  if (!options) return null;
  const label = `Sign in with ${options.label}`;
  return (
    <div className="login-card__single-sign-on">
      <button
        type="button"
        className="button button--wide"
        disabled={!online}
        aria-describedby={online ? undefined : 'single-sign-on-offline'}
        onClick={() => window.location.assign(singleSignOnStartUrl(returnUrl))}
      >
        {label}
      </button>
      {!online && (
        <p id="single-sign-on-offline" className="login-card__hint">
          Signing in with {options.label} needs a connection: you are offline.
        </p>
      )}
      <p className="login-card__divider">or with your {PRODUCT_NAME} password</p>
    </div>
  );
}
