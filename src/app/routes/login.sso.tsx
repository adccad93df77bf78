import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { clearSignIn } from '../../features/session/session';
import { SingleSignOnScreen } from '../../features/session/components/single-sign-on-screen';

/** The one-time code of the fragment, read once; the address then loses it (history, and whatever else reads the URL). */
function takeCodeFromAddress(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * Where the server's single sign-on callback sends the browser (contract SINGLE_SIGN_ON_PATH, issue 33 §1), with a
 * one-time code in the fragment. A new session starts here, so whatever session the device held goes, as on /login.
 */
export const Route = createFileRoute('/login/sso')({
  staticData: { title: 'Login' },
  beforeLoad: ({ context, preload }) => {
    if (!preload) clearSignIn(context.queryClient);
  },
  component: function SingleSignOnRoute() {
    const [code] = useState(takeCodeFromAddress);
    return <SingleSignOnScreen code={code} />;
  },
});
