import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';

/**
 * The one forms pattern: `useAppForm` (./form.tsx) with a contract valibot schema as the `onDynamic` validator and
 * `revalidateLogic`, fields rendered through `form.AppField` + `field.TextField` (or another field component) and
 * `form.SubmitButton`. Errors of a field show once it was left (blurred) or a submit was attempted. This file holds the
 * frame every field shares and the fields that need no input library; ./form.tsx adds the others.
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

/** The field of the current `form.AppField`, its ids and the messages to show now. */
export function useFieldView<Value>(hint?: ReactNode) {
  const field = useFieldContext<Value>();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const id = useId();
  const messages = field.state.meta.isBlurred || submitted ? errorMessages(field.state.meta.errors) : [];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { field, id, messages, hintId, errorId, describedBy, invalid: messages.length > 0 };
}

export function FieldNotes({
  hint,
  hintId,
  messages,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  messages: string[];
  errorId?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {messages.length > 0 && (
        <ul id={errorId} className="field__errors">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

type FieldView = Pick<ReturnType<typeof useFieldView>, 'id' | 'invalid' | 'hintId' | 'errorId' | 'messages'>;

/** The frame every labelled field shares: label, the control(s), then hint and messages. */
export function LabelledField({
  view,
  label,
  required,
  hint,
  children,
}: {
  view: FieldView;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`field${view.invalid ? ' field--invalid' : ''}`}>
      <FieldLabel htmlFor={view.id} label={label} required={required} />
      {children}
      <FieldNotes hint={hint} hintId={view.hintId} messages={view.messages} errorId={view.errorId} />
    </div>
  );
}

export interface CommonFieldProps {
  label: string;
  disabled?: boolean;
  required?: boolean;
  hint?: ReactNode;
}

interface TextFieldProps extends CommonFieldProps {
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url';
  /** The <input> itself, e.g. for SidePanel's `initialFocus`. */
  inputRef?: Ref<HTMLInputElement>;
}

function TextField({
  label,
  type = 'text',
  autoComplete,
  disabled,
  required,
  hint,
  autoFocus,
  maxLength,
  placeholder,
  inputMode,
  inputRef,
}: TextFieldProps) {
  const view = useFieldView<string>(hint);
  const { field, id, describedBy, invalid } = view;
  return (
    <LabelledField view={view} label={label} required={required} hint={hint}>
      <input
        ref={inputRef}
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
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
      />
    </LabelledField>
  );
}

interface TextAreaFieldProps extends CommonFieldProps {
  maxLength?: number;
  rows?: number;
  placeholder?: string;
}

/** How long the counter waits after typing before it is announced, so a screen reader is not talked over. */
const COUNTER_ANNOUNCE_DELAY_MS = 1000;

function TextAreaField({ label, disabled, required, hint, maxLength, rows = 5, placeholder }: TextAreaFieldProps) {
  const view = useFieldView<string>(hint);
  const { field, id, describedBy, invalid } = view;
  const value = field.state.value ?? '';
  const remaining = maxLength === undefined ? undefined : maxLength - value.length;
  const counterText = remaining === undefined ? '' : `${remaining} characters left`;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(counterText), COUNTER_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [counterText]);
  const counterId = remaining === undefined ? undefined : `${id}-counter`;
  return (
    <LabelledField view={view} label={label} required={required} hint={hint}>
      <textarea
        id={id}
        className="field__input field__textarea"
        name={field.name}
        value={value}
        rows={rows}
        disabled={disabled}
        required={required}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={[describedBy, counterId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
      />
      {counterId && (
        <p id={counterId} className="field__hint field__counter">
          {counterText}
        </p>
      )}
      {counterId && (
        <p className="visually-hidden" aria-live="polite">
          {announced}
        </p>
      )}
    </LabelledField>
  );
}

export interface FieldOption {
  value: string;
  label: string;
}

function SelectField({ label, disabled, required, hint, options }: CommonFieldProps & { options: readonly FieldOption[] }) {
  const view = useFieldView<string>(hint);
  const { field, id, describedBy, invalid } = view;
  return (
    <LabelledField view={view} label={label} required={required} hint={hint}>
      <select
        id={id}
        className="field__input field__select"
        name={field.name}
        value={field.state.value ?? ''}
        disabled={disabled}
        required={required}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

function RadioGroupField({
  label,
  disabled,
  required,
  hint,
  options,
  inline = true,
}: CommonFieldProps & { options: readonly FieldOption[]; inline?: boolean }) {
  const { field, id, messages, hintId, errorId, describedBy, invalid } = useFieldView<string>(hint);
  return (
    <fieldset className={`field field__group${invalid ? ' field--invalid' : ''}`} disabled={disabled} aria-describedby={describedBy}>
      <legend className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className={`field__choices${inline ? ' field__choices--inline' : ''}`}>
        {options.map((option) => (
          <label key={option.value} className="field__choice">
            <input
              type="radio"
              name={`${field.name}-${id}`}
              value={option.value}
              checked={field.state.value === option.value}
              required={required}
              aria-invalid={invalid}
              onChange={() => field.handleChange(option.value)}
              onBlur={field.handleBlur}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldNotes hint={hint} hintId={hintId} messages={messages} errorId={errorId} />
    </fieldset>
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

/**
 * The fields that need no input library, as a form hook of their own: the login screen's, so that the first screen of
 * a new device does not load the masks (imask) and the two-list select. Every other form uses ./form.tsx, which adds
 * those fields to these.
 */
export const basicForm = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, SelectField, RadioGroupField },
  formComponents: { SubmitButton },
});
export const useBasicForm = basicForm.useAppForm;

export { revalidateLogic } from '@tanstack/react-form';
