import * as Dialog from '@radix-ui/react-dialog';
import { createContext, use, useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChangeConflict, ConflictChoice } from '../lib/pending-mark';
import { ConflictView } from './conflict-view';
import { isInsideNotice, Modal } from './modal';

/** spec 1 §2 Shared UI, the modal table: default headers, the prompt's placeholder and the loading text. */
export const MODAL_HEADERS = { message: 'Message', confirm: 'Confirmation', prompt: 'Prompt' } as const;
export const PROMPT_PLACEHOLDER = 'Type here';
export const LOADING_TEXT = 'Refreshing...';
export const CONFLICT_HEADER = 'Changed by someone else';

export interface PromptOptions {
  defaultValue?: string;
  placeholder?: string;
  maxLength?: number;
}

type PendingModal =
  | { kind: 'message'; header: string; text: string; resolve: () => void }
  | { kind: 'confirm'; header: string; text: string; resolve: (answer: boolean) => void }
  | { kind: 'prompt'; header: string; text: string; options: PromptOptions; resolve: (answer: string | null) => void }
  | {
      kind: 'conflict';
      header: string;
      text: string;
      conflict: ChangeConflict;
      resolve: (answer: ConflictChoice | 'discard' | null) => void;
    };

export interface Modals {
  /** spec 1 §2 message modal: header 'Message' unless given, one Okay button. */
  message(text: string, header?: string): Promise<void>;
  /** spec 1 §2 confirm modal: header 'Confirmation' unless given, Yes and No; resolves true or false. */
  confirm(text: string, header?: string): Promise<boolean>;
  /** spec 1 §2 prompt modal: header 'Prompt' unless given, a text box ('Type here'), Okay and Cancel; resolves the text or null. */
  prompt(text: string, header?: string, options?: PromptOptions): Promise<string | null>;
  /**
   * spec 1 §2 loading modal: no header, 'Refreshing...' unless given. Shown until the returned function is called (or the
   * user dismisses it with Escape or the backdrop, spec 1 §2; the work itself goes on).
   */
  loading(text?: string): () => void;
  /** The loading modal for as long as `work` runs; resolves or rejects as `work` does. */
  withLoading<T>(work: Promise<T> | (() => Promise<T>), text?: string): Promise<T>;
  /** A save met a newer version of its record (409): mine beside theirs (ui/conflict-view.tsx); null when dismissed. */
  conflict(label: string, conflict: ChangeConflict): Promise<ConflictChoice | 'discard' | null>;
}

const ModalsContext = createContext<Modals | null>(null);

/** Escape, the backdrop and Cancel all answer the way "no" does: false for confirm, null for prompt. */
function dismiss(modal: PendingModal) {
  if (modal.kind === 'message') modal.resolve();
  else if (modal.kind === 'confirm') modal.resolve(false);
  else modal.resolve(null);
}

function PromptModal({ modal, onDone }: { modal: Extract<PendingModal, { kind: 'prompt' }>; onDone: (answer: string | null) => void }) {
  const [text, setText] = useState(modal.options.defaultValue ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <Modal
      open
      title={modal.header}
      onClose={() => onDone(null)}
      initialFocus={inputRef}
      actions={
        <>
          <button type="button" className="button" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary">
            Okay
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onDone(text);
        }}
      >
        <label className="modal__prompt-label" htmlFor={`${id}-input`}>
          {modal.text}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="field__input"
          value={text}
          placeholder={modal.options.placeholder ?? PROMPT_PLACEHOLDER}
          maxLength={modal.options.maxLength}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </Modal>
  );
}

function LoadingModal({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" />
        <Dialog.Content
          className="modal modal--small modal--loading"
          aria-describedby={undefined}
          aria-busy="true"
          tabIndex={-1}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onInteractOutside={(event) => isInsideNotice(event.target) && event.preventDefault()}
        >
          <span className="modal__spinner" aria-hidden="true" />
          {/* No header (spec 1 §2): the text itself names the dialog. */}
          <Dialog.Title className="modal__loading-text">{text}</Dialog.Title>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ModalsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<(PendingModal & { id: number })[]>([]);
  const nextModalId = useRef(0);
  const [loadings, setLoadings] = useState<{ id: number; text: string }[]>([]);
  const nextLoadingId = useRef(0);
  const current = queue[0];

  const enqueue = useCallback((modal: PendingModal) => {
    const id = nextModalId.current++;
    setQueue((items) => [...items, { ...modal, id }]);
  }, []);
  const finish = (answer: () => void) => {
    answer();
    setQueue((items) => items.slice(1));
  };

  const modals = useMemo<Modals>(() => {
    const loading = (text: string = LOADING_TEXT) => {
      const id = nextLoadingId.current++;
      setLoadings((items) => [...items, { id, text }]);
      return () => setLoadings((items) => items.filter((item) => item.id !== id));
    };
    return {
      message: (text, header = MODAL_HEADERS.message) =>
        new Promise<void>((resolve) => enqueue({ kind: 'message', text, header, resolve })),
      confirm: (text, header = MODAL_HEADERS.confirm) =>
        new Promise<boolean>((resolve) => enqueue({ kind: 'confirm', text, header, resolve })),
      prompt: (text, header = MODAL_HEADERS.prompt, options = {}) =>
        new Promise<string | null>((resolve) => enqueue({ kind: 'prompt', text, header, options, resolve })),
      loading,
      conflict: (label, conflict) =>
        new Promise<ConflictChoice | 'discard' | null>((resolve) =>
          enqueue({ kind: 'conflict', header: CONFLICT_HEADER, text: `Your change: ${label}`, conflict, resolve }),
        ),
      withLoading: async (work, text) => {
        const hide = loading(text);
        try {
          return await (typeof work === 'function' ? work() : work);
        } finally {
          hide();
        }
      },
    };
  }, [enqueue]);

  const shownLoading = loadings.at(-1);

  return (
    <ModalsContext value={modals}>
      {children}
      {shownLoading && <LoadingModal text={shownLoading.text} onDismiss={() => setLoadings([])} />}
      {current?.kind === 'prompt' && (
        <PromptModal key={current.id} modal={current} onDone={(answer) => finish(() => current.resolve(answer))} />
      )}
      {current?.kind === 'conflict' && (
        <Modal
          key={current.id}
          open
          size="large"
          title={current.header}
          description={current.text}
          onClose={() => finish(() => current.resolve(null))}
          actions={null}
        >
          <ConflictView
            conflict={current.conflict}
            label={current.text}
            onChoose={(choice) => finish(() => current.resolve(choice))}
            onDiscard={() => finish(() => current.resolve('discard'))}
          />
        </Modal>
      )}
      {current && current.kind !== 'prompt' && current.kind !== 'conflict' && (
        <Modal
          key={current.id}
          open
          title={current.header}
          description={current.text}
          onClose={() => finish(() => dismiss(current))}
          actions={
            current.kind === 'message' ? (
              <button type="button" className="button button--primary" onClick={() => finish(() => current.resolve())}>
                Okay
              </button>
            ) : (
              <>
                <button type="button" className="button" onClick={() => finish(() => current.resolve(false))}>
                  No
                </button>
                <button type="button" className="button button--primary" onClick={() => finish(() => current.resolve(true))}>
                  Yes
                </button>
              </>
            )
          }
        />
      )}
    </ModalsContext>
  );
}

export function useModals(): Modals {
  const modals = use(ModalsContext);
  if (!modals) throw new Error('useModals needs a ModalsProvider above it.');
  return modals;
}
