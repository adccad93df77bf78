import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import {
  FORGOT_PASSWORD_PATH,
  LINK_REFUSAL_MESSAGES,
  LinkStatus,
  LinkToken,
  SetPasswordBody,
  type LinkRefusal,
  PASSWORD_RULES,
} from '../../../contract';
import { PRODUCT_NAME } from '../../../lib/constants';
import { isHttpError, isOfflineError, notifyBadRequest, notifyDefaultError } from '../../../lib/http';
import { revalidateLogic, useBasicForm } from '../../../ui/form-core';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { useForgotPassword } from '../api/forgot-password';
import { linkStatusQueryOptions } from '../api/get-link-status';
import { SignInAfterPasswordSetError, useSetPassword } from '../api/set-password';
import { linkTokenInMemory } from '../link-token';
import { forgotPasswordFailure } from './forgot-password-screen';
import { LoginCard, navigateAfterSignIn } from './sign-in-pages';
import { TwoFactorStep } from './two-factor-step';

export const SET_PASSWORD_OFFLINE_MESSAGE = 'Setting a password needs a connection. Connect to the internet and open the link again.';
const PAGE_TITLE = 'Set your password';

type ValidLink = Extract<LinkStatus, { state: 'valid' }>;
interface Refusal {
  reason: LinkRefusal;
  userName: string | null;
}

function BackToSignIn() {
  return (
    <p className="login-card__aside">
      <Link to="/login">Back to sign in</Link>
    </p>
  );
}

/** No connection (the status call or the page itself): said plainly, with Try again, never a spinner that does not end. */
function OfflineView({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <LoginCard title={PAGE_TITLE}>
      <div className="notice notice--warning" role="alert">
        <p>{SET_PASSWORD_OFFLINE_MESSAGE}</p>
        <button type="button" className="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? 'Trying…' : 'Try again'}
        </button>
      </div>
      <BackToSignIn />
    </LoginCard>
  );
}

/** A link that no longer works: why, and a new one (by user name when the link's user is known, else the Forgot password page). */
function RefusedView({ refusal }: { refusal: Refusal }) {
  const forgotPassword = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { reason, userName } = refusal;
  // An inactive account gets no new link: the administrator has to activate it first (the message says so).
  const canResend = reason !== 'deactivated';

  async function sendNewLink(name: string) {
    setFailure(null);
    try {
      setSentMessage((await forgotPassword.mutateAsync({ userName: name })).message);
    } catch (error) {
      setFailure(forgotPasswordFailure(error));
    }
  }

  return (
    <LoginCard title="This link does not work">
      <p className="notice notice--warning">{LINK_REFUSAL_MESSAGES[reason]}</p>
      {sentMessage !== null && (
        <p className="notice notice--info" role="status">
          {sentMessage}
        </p>
      )}
      {failure && (
        <p className="notice notice--warning" role="alert">
          {failure}
        </p>
      )}
      {canResend && sentMessage === null && userName !== null && (
        <button
          type="button"
          className="button button--primary button--wide"
          disabled={forgotPassword.isPending}
          aria-busy={forgotPassword.isPending}
          onClick={() => void sendNewLink(userName)}
        >
          {forgotPassword.isPending ? 'Sending…' : 'Send me a new link'}
        </button>
      )}
      {canResend && userName === null && (
        <p>
          <Link to={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>
        </p>
      )}
      <BackToSignIn />
    </LoginCard>
  );
}

/** The refusal a 410 answer carries (the link was used or replaced meanwhile); 'unknown' when it says none. */
function refusalOf(data: unknown): Refusal {
  const status = v.safeParse(LinkStatus, data);
  if (status.success && status.output.state === 'refused') return { reason: status.output.reason, userName: status.output.userName };
  return { reason: 'unknown', userName: null };
}

const FIELD_NAMES = ['password', 'confirmPassword'] as const;
const isFieldName = (field: string | undefined): field is (typeof FIELD_NAMES)[number] =>
  (FIELD_NAMES as readonly (string | undefined)[]).includes(field);

function SetPasswordForm({ token, link, onRefused }: { token: string; link: ValidLink; onRefused: (refusal: Refusal) => void }) {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const [offline, setOffline] = useState(false);
  const [setButNotSignedIn, setSetButNotSignedIn] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const form = useBasicForm({
    defaultValues: { token, password: '', confirmPassword: '' },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: SetPasswordBody },
    onSubmit: async ({ value, formApi }) => {
      setOffline(false);
      try {
        const result = await setPassword.mutateAsync(v.parse(SetPasswordBody, value));
        if (result.step === 'code') setChallenge(result.challenge);
        else await navigateAfterSignIn(navigate, result.user);
        linkTokenInMemory.token = null;
      } catch (error) {
        if (error instanceof SignInAfterPasswordSetError) {
          linkTokenInMemory.token = null;
          setSetButNotSignedIn(true);
        } else if (isHttpError(error, 410)) {
          onRefused(refusalOf(error.data));
        } else if (isHttpError(error, 400)) {
          const field = error.body?.field;
          const message = error.body?.message;
          if (isFieldName(field) && message) {
            // Kept until the field changes or the form is submitted again (TanStack clears onSubmit errors then).
            formApi.setFieldMeta(field, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onSubmit: message } }));
          } else notifyBadRequest(message);
        } else if (isOfflineError(error)) {
          setOffline(true);
        } else {
          notifyDefaultError();
        }
      }
    },
  });

  if (challenge) {
    return (
      <LoginCard title="Your password is set">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={(user) => navigateAfterSignIn(navigate, user)}
          onRestart={() => void navigate({ to: '/login' })}
        />
      </LoginCard>
    );
  }

  if (setButNotSignedIn) {
    return (
      <LoginCard title="Your password is set">
        <p className="notice notice--info" role="status">
          Your password is set, but signing you in did not work. Sign in with your user name and the new password.
        </p>
        <BackToSignIn />
      </LoginCard>
    );
  }

  const title = link.purpose === 'invitation' ? `Welcome to ${PRODUCT_NAME}, ${link.firstName}` : `Set a new password for ${link.userName}`;
  return (
    <LoginCard title={title}>
      <p className="login-card__lead">
        {link.purpose === 'invitation'
          ? `Choose a password for your user name ${link.userName}.`
          : 'Choose a new password. The link can be used once.'}
      </p>
      {offline && (
        <p className="notice notice--warning" role="alert">
          You are offline. Setting a password needs a connection: please try again when you are back online.
        </p>
      )}
      <form className="form" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={link.userName} readOnly hidden />
        <form.AppField name="password">
          {(field) => (
            <field.TextField label="New password" type="password" autoComplete="new-password" required autoFocus hint={PASSWORD_RULES} />
          )}
        </form.AppField>
        <form.AppField name="confirmPassword">
          {(field) => <field.TextField label="Confirm password" type="password" autoComplete="new-password" required />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton busyLabel="Setting password…">Set password</form.SubmitButton>
        </form.AppForm>
      </form>
    </LoginCard>
  );
}

/**
 * /set-password: where an invitation or a password reset link lands (issue 29). `token` is the link's token, which
 * the route took out of the address; null when the page was opened without one (or reloaded: the token is kept in
 * memory only). The link is checked first; a link that works shows the form, which signs in as a login does.
 */
export function SetPasswordScreen({ token }: { token: string | null }) {
  const wellFormed = token !== null && v.is(LinkToken, token);
  const status = useQuery({ ...linkStatusQueryOptions(token ?? ''), enabled: wellFormed });
  const [refusedOnSubmit, setRefusedOnSubmit] = useState<Refusal | null>(null);
  const retry = () => void status.refetch();

  if (token === null) {
    return (
      <LoginCard title={PAGE_TITLE}>
        <p className="notice notice--info">Open the link from your e-mail again to set your password.</p>
        <p>
          <Link to={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>
        </p>
        <BackToSignIn />
      </LoginCard>
    );
  }
  if (!wellFormed) return <RefusedView refusal={{ reason: 'unknown', userName: null }} />;
  if (refusedOnSubmit) return <RefusedView refusal={refusedOnSubmit} />;
  if (status.isPending) {
    return (
      <LoginCard title={PAGE_TITLE}>
        <p className="page__loading" role="status">
          Checking your link…
        </p>
      </LoginCard>
    );
  }
  if (status.isError) {
    if (isOfflineError(status.error)) return <OfflineView onRetry={retry} retrying={status.isFetching} />;
    // The server found the token malformed: as good as a link it never issued.
    if (isHttpError(status.error, 400)) return <RefusedView refusal={{ reason: 'unknown', userName: null }} />;
    return (
      <LoginCard title={PAGE_TITLE}>
        <div className="notice notice--warning" role="alert">
          <p>The link could not be checked. Please try again.</p>
          <button type="button" className="button" onClick={retry} disabled={status.isFetching} aria-busy={status.isFetching}>
            {status.isFetching ? 'Trying…' : 'Try again'}
          </button>
        </div>
        <BackToSignIn />
      </LoginCard>
    );
  }
  if (status.data.state === 'refused') return <RefusedView refusal={status.data} />;
  return <SetPasswordForm token={token} link={status.data} onRefused={setRefusedOnSubmit} />;
}
