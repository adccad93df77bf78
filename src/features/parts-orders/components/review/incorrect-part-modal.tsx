import { useStore } from '@tanstack/react-form';
import { useId, useRef, useState } from 'react';
import { PARTS_ORDER_MESSAGES } from '../../../../contract';
import { useAppForm } from '../../../../ui/form';
import { Modal } from '../../../../ui/modal';
import { useModals } from '../../../../ui/modals';

export const INCORRECT_PART_TITLE = 'Incorrect Part';
export const INCORRECT_MESSAGE_LABEL = 'What is wrong with the part?';
const MESSAGE_MAX = 500;

/** spec 3 §5: the incorrect-part modal needs a message to confirm. */
export const incorrectMessageIssue = (message: string) =>
  message.trim() === '' ? PARTS_ORDER_MESSAGES.incorrectMessageRequired : undefined;

/**
 * spec 3 §2, §5, §8 incorrect-part modal: marks one received part incorrect with the user's message (required);
 * closing it with a message typed asks the unsaved-changes question. `onConfirm` saves; a thrown error keeps it open.
 */
export function IncorrectPartModal({
  partName,
  onConfirm,
  onClose,
}: {
  partName: string;
  onConfirm: (message: string) => Promise<void>;
  onClose: () => void;
}) {
  const modals = useModals();
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const closing = useRef(false);
  const form = useAppForm({
    defaultValues: { message: '' },
    validators: {
      onChange: ({ value }) => {
        const issue = incorrectMessageIssue(value.message);
        return issue ? { fields: { message: issue } } : undefined;
      },
    },
    onSubmit: async ({ value }) => {
      if (incorrectMessageIssue(value.message)) return;
      setFormError(undefined);
      try {
        await onConfirm(value.message.trim());
      } catch (error) {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    },
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const dirty = useStore(form.store, (state) => state.isDirty && state.values.message.trim() !== '');

  async function close() {
    if (submitting || closing.current) return;
    closing.current = true;
    try {
      if (dirty && !(await modals.confirm(PARTS_ORDER_MESSAGES.unsavedChanges))) return;
      onClose();
    } finally {
      closing.current = false;
    }
  }

  return (
    <Modal
      open
      title={INCORRECT_PART_TITLE}
      description={`Tell the plant what is wrong with ${partName}.`}
      onClose={() => void close()}
      actions={
        <>
          <button type="button" className="button" disabled={submitting} onClick={() => void close()}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Saving...' : 'Mark Incorrect'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {formError && (
          <p className="notice notice--warning" role="alert">
            {formError}
          </p>
        )}
        <form.AppField name="message">
          {(field) => <field.TextAreaField label={INCORRECT_MESSAGE_LABEL} required maxLength={MESSAGE_MAX} rows={4} />}
        </form.AppField>
      </form>
    </Modal>
  );
}
