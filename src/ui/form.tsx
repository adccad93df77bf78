import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import { useId, type ReactNode } from 'react';

/**
 * The one forms pattern: `useAppForm` with a contract valibot schema as the `onDynamic` validator and
 * `revalidateLogic`, fields rendered through `form.AppField` + `field.TextField`, and `form.SubmitButton`.
 * Errors of a field show once it was left (blurred) or a submit was attempted.
 */
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** Messages of a field's errors: valibot issues (Standard Schema) or plain strings, each once. */
export function errorMessages(errors: readonly unknown[]): string[] {
  const messages = errors
    .flatMap((error) => (Array.isArray(error) ? error : [error]))
    .map((error) => {
      if (typeof error === 'string') return error;
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
      return null;
    })
    .filter((message): message is string => Boolean(message));
  return [...new Set(messages)];
}

interface TextFieldProps {
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
  hint?: ReactNode;
  autoFocus?: boolean;
  maxLength?: number;
}

function TextField({ label, type = 'text', autoComplete, disabled, required, hint, autoFocus, maxLength }: TextFieldProps) {
  const field = useFieldContext<string>();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const id = useId();
  const messages = field.state.meta.isBlurred || submitted ? errorMessages(field.state.meta.errors) : [];
  const describedBy = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className={`field${messages.length ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="field__input"
        name={field.name}
        type={type}
        value={field.state.value ?? ''}
        autoComplete={autoComplete}
        disabled={disabled}
        required={required}
        autoFocus={autoFocus}
        maxLength={maxLength}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy || undefined}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {messages.length > 0 && (
        <ul id={`${id}-error`} className="field__errors">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Disabled while submitting; it stays enabled when invalid so that a click shows every message (spec: submit only when valid). */
function SubmitButton({ children, busyLabel }: { children: ReactNode; busyLabel?: string }) {
  const form = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return (
    <button type="submit" className="button button--primary button--wide" disabled={submitting} aria-busy={submitting}>
      {submitting && busyLabel ? busyLabel : children}
    </button>
  );
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField },
  formComponents: { SubmitButton },
});

export { revalidateLogic } from '@tanstack/react-form';
