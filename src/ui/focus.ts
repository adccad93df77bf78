import type { FormEvent } from 'react';

/** After a submit that validation stopped, focus moves to the first field that needs attention. */
export function focusFirstInvalidField(form: HTMLFormElement | null) {
  if (!form?.isConnected) return;
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A form's onSubmit: no browser submit, the form library's `submit` instead, then the focus on the first field that
 * needs attention when validation stopped it.
 */
export const submitThenFocusInvalid = (submit: () => Promise<unknown>) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const element = event.currentTarget;
  void submit().then(() => focusFirstInvalidField(element));
};
