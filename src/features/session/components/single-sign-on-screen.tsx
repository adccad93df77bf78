import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { finishSingleSignOn } from '../api/single-sign-on';
import { notifyWelcome, signInWith } from '../api/login';
import { LoginScreen } from './login-screen';
import { LoginCard, navigateAfterSignIn } from './sign-in-pages';

const NO_CODE = 'This sign-in has been finished already, or took too long. Please sign in again.';
const OFFLINE = 'You are offline. Signing in needs a connection: please try again when you are back online.';
const FAILED = 'The sign-in could not be finished. Please sign in again.';

/**
 * Where the provider's sign-in comes back to (issue 33 §1): the callback's one-time code is posted for the session,
 * which then opens as after a password sign-in; a refusal shows on the sign-in page, with its words.
 */
export function SingleSignOnScreen({ code }: { code: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(code ? null : NO_CODE);
  // Once per code: a code is taken once by the server (and React may run an effect twice in development).
  const posted = useRef(false);

  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    void (async () => {
      try {
        const answer = await finishSingleSignOn(code);
        const user = await signInWith(queryClient, answer, { singleSignOn: true });
        notifyWelcome(user);
        await navigateAfterSignIn(navigate, user, answer.returnUrl ?? undefined);
      } catch (error) {
        setRefusal(isHttpError(error, 400) ? (error.body?.message ?? FAILED) : isOfflineError(error) ? OFFLINE : FAILED);
      }
    })();
  }, [code, navigate, queryClient]);

  if (refusal) return <LoginScreen expired={false} refusal={refusal} />;
  return (
    <LoginCard title="Signing in…">
      <p className="login-card__lead" role="status">
        Opening your session…
      </p>
    </LoginCard>
  );
}
