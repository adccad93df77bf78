/** After a submit that validation stopped, focus moves to the first field that needs attention. */
export function focusFirstInvalidField(form: HTMLFormElement | null) {
  if (!form?.isConnected) return;
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
