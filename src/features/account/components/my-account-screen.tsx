import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { AccountUpdateBody, type CmhUser, PASSWORD_RULES } from '../../../contract';
import { isHttpError, isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { submitThenFocusInvalid } from '../../../ui/focus';
import { PasswordChangeUpdateBody, useUpdateAccount } from '../api/update-account';

export const ACCOUNT_UPDATED_MESSAGE = 'Your account has been updated!';

export interface MyAccountScreenProps {
  user: Pick<CmhUser, 'userName' | 'firstName' | 'lastName' | 'rowVersion'>;
  /** spec 1 §2: passwordExpired=true opens password-change mode. */
  passwordExpired: boolean;
  /** Reloads the profile after a save (and after a conflict), so the app shows what the server holds. */
  refreshProfile: () => Promise<unknown>;
  /** The Two-factor sign-in section (issue 33 §2: two-factor-section.tsx), under the form; not while the password expired. */
  twoFactor?: ReactNode;
}

/** spec 1 §2, §5 My Account: names, and an optional password change (required when the password expired). */
export function MyAccountScreen({ user, passwordExpired, refreshProfile, twoFactor }: MyAccountScreenProps) {
  const navigate = useNavigate();
  const updateAccount = useUpdateAccount();
  const [changingPassword, setChangingPassword] = useState(passwordExpired);
  const [offline, setOffline] = useState(false);
  const passwordOpen = passwordExpired || changingPassword;

  const schema: v.GenericSchema<v.InferInput<typeof AccountUpdateBody>, AccountUpdateBody> = passwordOpen
    ? PasswordChangeUpdateBody
    : AccountUpdateBody;
  const form = useAppForm({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      password: '',
      confirmPassword: '',
      rowVersion: user.rowVersion,
    } as v.InferInput<typeof AccountUpdateBody>,
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema },
    onSubmit: async ({ value, formApi }) => {
      setOffline(false);
      try {
        // The latest rowVersion the app knows, so that a profile refreshed meanwhile is not reported as a conflict.
        await updateAccount.mutateAsync(v.parse(AccountUpdateBody, { ...value, rowVersion: user.rowVersion }));
        notify({ level: 'success', title: ACCOUNT_UPDATED_MESSAGE });
        formApi.setFieldValue('password', '', { dontValidate: true });
        formApi.setFieldValue('confirmPassword', '', { dontValidate: true });
        setChangingPassword(false);
        await refreshProfile();
        if (passwordExpired) await navigate({ href: '/home' });
      } catch (error) {
        if (isOfflineError(error)) setOffline(true);
        if (isHttpError(error, 409)) {
          notify({
            level: 'warning',
            title: 'Your account was changed elsewhere.',
            description: 'The latest version has been loaded. Review your changes and save again.',
          });
          await refreshProfile();
        }
      }
    },
  });

  function togglePassword() {
    if (changingPassword) {
      form.setFieldValue('password', '', { dontValidate: true });
      form.setFieldValue('confirmPassword', '', { dontValidate: true });
    }
    setChangingPassword(!changingPassword);
  }

  return (
    <div className="page page--narrow">
      <h1 className="page__title">My Account</h1>
      {passwordExpired && (
        <p className="notice notice--warning" role="status">
          Your password has expired. Choose a new password to continue using the site.
        </p>
      )}
      {offline && (
        <p className="notice notice--warning" role="alert">
          You are offline. Your changes were not saved: save again when you are back online.
        </p>
      )}
      <form className="form card" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
        <div className="field">
          <label className="field__label" htmlFor="account-username">
            Username
          </label>
          <input id="account-username" className="field__input" value={user.userName} disabled aria-describedby="account-username-hint" />
          <p id="account-username-hint" className="field__hint">
            Your username can be changed only by the service desk.
          </p>
        </div>
        <div className="form__row">
          <form.AppField name="firstName">
            {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
          </form.AppField>
        </div>

        <fieldset className="form__section">
          <legend className="form__legend">Password</legend>
          {!passwordExpired && (
            <button
              type="button"
              className="button button--link"
              aria-expanded={changingPassword}
              aria-controls="password-fields"
              onClick={togglePassword}
            >
              {changingPassword ? 'Keep my current password' : 'Change password'}
            </button>
          )}
          {passwordOpen && (
            <div id="password-fields" className="form__row">
              <form.AppField name="password">
                {(field) => (
                  <field.TextField label="New password" type="password" autoComplete="new-password" required hint={PASSWORD_RULES} />
                )}
              </form.AppField>
              <form.AppField name="confirmPassword">
                {(field) => <field.TextField label="Confirm new password" type="password" autoComplete="new-password" required />}
              </form.AppField>
            </div>
          )}
        </fieldset>

        <div className="form__actions">
          <form.AppForm>
            <form.SubmitButton busyLabel="Saving...">Save</form.SubmitButton>
          </form.AppForm>
        </div>
      </form>
      {!passwordExpired && twoFactor}
    </div>
  );
}
