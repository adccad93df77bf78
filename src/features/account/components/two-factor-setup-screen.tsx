import { useId } from 'react';
import { PRODUCT_NAME } from '../../../lib/constants';
import { TwoFactorSection } from './two-factor-section';

export interface TwoFactorSetupScreenProps {
  firstName: string;
  /** Reloads the profile: once two-factor sign-in is on, it no longer says the setup is required. */
  refreshProfile: () => Promise<unknown>;
  /** Into the app, once the recovery codes are saved. */
  onDone: () => Promise<unknown> | void;
  onSignOut: () => void;
}

/**
 * Where a user whose role requires two-factor sign-in (REQUIRE_2FA_ROLES) lands after the password until it is on
 * (issue 33 §2): nothing else of the app opens, on the server either. Outside the app's layout, which would start loading
 * the lists this session may not read yet.
 */
export function TwoFactorSetupScreen({ firstName, refreshProfile, onDone, onSignOut }: TwoFactorSetupScreenProps) {
  const titleId = useId();
  return (
    <main className="login-page">
      <section className="login-card login-card--wide" aria-labelledby={titleId}>
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark">H</span>
          <span className="brand__name">{PRODUCT_NAME}</span>
        </div>
        <h1 id={titleId} className="login-card__title">
          Set up two-factor sign-in
        </h1>
        <p className="login-card__lead">
          Hello {firstName}. Your role requires two-factor sign-in: set it up to continue to {PRODUCT_NAME}.
        </p>
        <TwoFactorSection onChanged={refreshProfile} onSetupDone={onDone} />
        <p className="login-card__aside">
          <button type="button" className="button button--link" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </section>
    </main>
  );
}
