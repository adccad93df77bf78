import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { groupSetupKey, TwoFactorCode, TwoFactorDisableBody, type TwoFactorSetup } from '../../../contract';
import { HTTP_MESSAGES, isHttpError, isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { formatDateTime } from '../../../lib/date-format';
import { revalidateLogic, useBasicForm } from '../../../ui/form-core';
import { submitThenFocusInvalid } from '../../../ui/focus';
import {
  twoFactorStatusQueryOptions,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactorSetup,
} from '../api/two-factor';
import '../two-factor.css';

const CodeForm = v.object({ code: TwoFactorCode });

/** The words a failed call leaves in the section: the server's (400, 429) or no connection; others the catalogue showed. */
function failureOf(error: unknown): string | null {
  if (isOfflineError(error)) return 'You are offline. This needs a connection: please try again when you are back online.';
  if (isHttpError(error, 400) || isHttpError(error, 429)) return error.body?.message ?? HTTP_MESSAGES.badRequest;
  return null;
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice--warning" role="alert">
      {message}
    </p>
  ) : null;
}

/** The recovery codes, shown once, until the user says they are saved. */
function RecoveryCodeList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const headingId = useId();
  return (
    <div role="region" aria-labelledby={headingId}>
      <h3 id={headingId} className="form__legend">
        Your recovery codes
      </h3>
      <p>
        Keep these codes somewhere safe, apart from your phone. Each one signs you in once in place of a code, if you lose your phone. They
        are shown only now.
      </p>
      <ul className="two-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    </div>
  );
}

/** A form of one code from the app (and the password, to turn off), with its submit label. */
function CodeStep({
  submitLabel,
  withPassword,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  withPassword?: boolean;
  onSubmit: (value: { code: string; password: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const schema = withPassword ? TwoFactorDisableBody : CodeForm;
  const form = useBasicForm({
    defaultValues: { code: '', password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema as v.GenericSchema<{ code: string; password: string }> },
    onSubmit: async ({ value, formApi }) => {
      const parsed = v.parse(schema, value) as { code: string; password?: string };
      try {
        await onSubmit({ code: parsed.code, password: parsed.password ?? '' });
      } finally {
        formApi.setFieldValue('code', '', { dontValidate: true });
      }
    },
  });
  return (
    <form className="form" noValidate onSubmit={submitThenFocusInvalid(form.handleSubmit)}>
      {withPassword && (
        <form.AppField name="password">
          {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
        </form.AppField>
      )}
      <form.AppField name="code">
        {(field) => (
          <field.TextField
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            hint={withPassword ? 'Or one of your recovery codes.' : undefined}
          />
        )}
      </form.AppField>
      <div className="two-factor__actions">
        <form.AppForm>
          <form.SubmitButton busyLabel="Checking…">{submitLabel}</form.SubmitButton>
        </form.AppForm>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

type Stage =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'turn-off' }
  | { name: 'renew' };

export interface TwoFactorSectionProps {
  /** After it was turned on or off (the profile says whether it is on). */
  onChanged: () => Promise<unknown>;
  /** After the recovery codes of a new setup were saved (the setup page goes on to the app). */
  onSetupDone?: () => Promise<unknown> | void;
}

/**
 * My Account's Two-factor sign-in (issue 33 §2): set up with a QR code or the setup key typed in, confirmed with a code,
 * then 10 recovery codes shown once; turned off with the password and a code; new recovery codes with a code.
 */
export function TwoFactorSection({ onChanged, onSetupDone }: TwoFactorSectionProps) {
  const headingId = useId();
  const status = useQuery(twoFactorStatusQueryOptions());
  const startSetup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);

  const go = (next: Stage) => {
    setFailure(null);
    setStage(next);
  };

  async function begin() {
    setFailure(null);
    try {
      go({ name: 'setup', setup: await startSetup.mutateAsync() });
    } catch (error) {
      setFailure(failureOf(error));
    }
  }

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  let body;
  const state = status.data;
  if (stage.name === 'codes') {
    body = (
      <RecoveryCodeList
        codes={stage.codes}
        onDone={() => {
          go({ name: 'idle' });
          void onSetupDone?.();
        }}
      />
    );
  } else if (stage.name === 'setup') {
    const { setup } = stage;
    body = (
      <>
        <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…):</p>
        <img className="two-factor__qr" src={setup.qrCode} alt="QR code of your setup key" width={192} height={192} />
        <p>
          Or type this setup key into the app:{' '}
          <code className="two-factor__key" aria-label="Setup key">
            {groupSetupKey(setup.secret)}
          </code>
        </p>
        <p>Then enter the 6-digit code the app shows, to turn two-factor sign-in on.</p>
        <CodeStep
          submitLabel="Turn on"
          onCancel={() => go({ name: 'idle' })}
          onSubmit={({ code }) =>
            run(async () => {
              const { recoveryCodes } = await enable.mutateAsync({ code });
              notify({ level: 'success', title: 'Two-factor sign-in is on.' });
              go({ name: 'codes', codes: recoveryCodes });
              await onChanged();
            })
          }
        />
      </>
    );
  } else if (!state) {
    body = status.isError ? <p>The two-factor sign-in settings could not be loaded: you may be offline.</p> : <p>Loading…</p>;
  } else if (state.enabled) {
    body = (
      <>
        <p>
          Two-factor sign-in is <strong>on</strong>
          {state.enabledAt ? ` since ${formatDateTime(state.enabledAt)}` : ''}. After your password, you enter a code from your
          authenticator app. Recovery codes left: {state.recoveryCodesLeft}.
        </p>
        {stage.name === 'turn-off' && (
          <CodeStep
            submitLabel="Turn off"
            withPassword
            onCancel={() => go({ name: 'idle' })}
            onSubmit={(value) =>
              run(async () => {
                await disable.mutateAsync(value);
                notify({ level: 'success', title: 'Two-factor sign-in is off.' });
                go({ name: 'idle' });
                await onChanged();
              })
            }
          />
        )}
        {stage.name === 'renew' && (
          <CodeStep
            submitLabel="Make new recovery codes"
            onCancel={() => go({ name: 'idle' })}
            onSubmit={({ code }) =>
              run(async () => {
                const { recoveryCodes } = await renew.mutateAsync({ code });
                go({ name: 'codes', codes: recoveryCodes });
              })
            }
          />
        )}
        {stage.name === 'idle' && (
          <div className="two-factor__actions">
            <button type="button" className="button" onClick={() => go({ name: 'renew' })}>
              Make new recovery codes
            </button>
            {!state.required && (
              <button type="button" className="button" onClick={() => go({ name: 'turn-off' })}>
                Turn off two-factor sign-in
              </button>
            )}
          </div>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p>
          {state.required ? 'Your role requires two-factor sign-in. ' : ''}
          With two-factor sign-in, signing in asks for a code from an authenticator app on your phone after your password.
        </p>
        {state.unavailable ? (
          <p className="notice notice--warning" role="status">
            {state.unavailable}
          </p>
        ) : (
          <div className="two-factor__actions">
            <button type="button" className="button button--primary" disabled={startSetup.isPending} onClick={() => void begin()}>
              Set up two-factor sign-in
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="card two-factor" aria-labelledby={headingId}>
      <h2 id={headingId} className="form__legend">
        Two-factor sign-in
      </h2>
      <Failure message={failure} />
      {body}
    </section>
  );
}
