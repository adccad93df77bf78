import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isOfflineError } from '../../lib/http';
import { hideStartupSplash } from '../splash';

/**
 * spec 1 §4: when the profile cannot be loaded the loading overlay is hidden and nothing else happens (the
 * http layer already reported the error). Offline, the user is told why and can try again.
 */
export function SessionError({ error }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(hideStartupSplash, []);
  return (
    <main className="status-page">
      {isOfflineError(error) ? (
        <>
          <h1 className="status-page__title">You are offline</h1>
          <p>Your information is not stored on this device yet. Connect to the internet and try again.</p>
        </>
      ) : (
        <h1 className="status-page__title">Your information could not be loaded</h1>
      )}
      <button type="button" className="button button--primary button--large" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </main>
  );
}
