import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

/** A toast, or a notice over the whole page (`data-page-notice`, e.g. features/sync/store-lost-notice.tsx). */
export const isInsideNotice = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-sonner-toaster], [data-page-notice]') !== null;

export interface ModalProps {
  open: boolean;
  title: string;
  /** Omitted for gates (terms of use) that must be answered: then Escape and the backdrop do nothing. */
  onClose?: () => void;
  description?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Takes focus on open instead of the dialog itself (the prompt's text box). */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** An accessible modal dialog (focus trap, labelled, Escape and backdrop close it when it may be closed). */
export function Modal({ open, title, onClose, description, children, actions, size = 'small', initialFocus }: ModalProps) {
  const dismissible = onClose !== undefined;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" />
        <Dialog.Content
          className={`modal modal--${size}`}
          onEscapeKeyDown={(event) => !dismissible && event.preventDefault()}
          onPointerDownOutside={(event) => !dismissible && event.preventDefault()}
          // A click on a toast or a page notice is not a click on the backdrop.
          onInteractOutside={(event) => (!dismissible || isInsideNotice(event.target)) && event.preventDefault()}
          // Focus starts on the dialog itself, so its title and text are read first and no button is pre-chosen.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (initialFocus?.current ?? (event.currentTarget as HTMLElement | null))?.focus();
          }}
          tabIndex={-1}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          {children && <div className="modal__body">{children}</div>}
          <div className="modal__actions">{actions}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
