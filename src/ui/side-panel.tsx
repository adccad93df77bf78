import * as Dialog from '@radix-ui/react-dialog';
import { useBlocker, useCanGoBack, useRouter } from '@tanstack/react-router';
import { createContext, use, useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { isInsideNotice } from './modal';
import { useModals } from './modals';

/** spec 1 §8 Confirmations: asked before a dirty panel closes or the user navigates away from it. */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes, are you sure you want to close the form?';

export interface SidePanelProps {
  title: string;
  /** The parent route's path: where closing goes when the panel was opened directly (no earlier in-app entry). */
  closeTo: string;
  children: ReactNode;
  footer?: ReactNode;
  description?: ReactNode;
  /** While saving: the close button is disabled, Escape and the backdrop do nothing, navigation is blocked. */
  locked?: boolean;
  /** Unsaved changes: closing or navigating away asks UNSAVED_CHANGES_MESSAGE first. */
  dirty?: boolean;
  /** A close listener (spec 1 §2): resolve false to keep the panel open. Runs after the dirty question. */
  onBeforeClose?: () => boolean | Promise<boolean>;
  /** Body and footer become one form, so a submit button in the footer submits it (Enter too). */
  onSubmit?: () => void;
  /** Focus moves here on open (after `initialFocusDelayMs`); otherwise the panel itself takes focus. */
  initialFocus?: RefObject<HTMLElement | null>;
  initialFocusDelayMs?: number;
  size?: 'medium' | 'large';
}

/**
 * Closes a side panel for good (after a save, say): back in history when the panel was reached from
 * within the app, so the previous path comes back exactly (spec 1 §2), else to `closeTo`. No questions asked.
 */
export function useSidePanelClose(closeTo: string) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return useCallback(() => {
    if (canGoBack) router.history.back({ ignoreBlocker: true });
    else void router.navigate({ href: closeTo, ignoreBlocker: true });
  }, [router, canGoBack, closeTo]);
}

interface SidePanelControls {
  /** Closes as the X button does: not while locked, and only after the dirty question and the close listener agree. */
  requestClose: () => Promise<void>;
  locked: boolean;
}

const SidePanelContext = createContext<SidePanelControls | null>(null);

/** A Cancel button for the panel's footer or body: asks like the X button, disabled while the panel is locked. */
export function SidePanelCancel({ children = 'Cancel', className = 'button' }: { children?: ReactNode; className?: string }) {
  const panel = use(SidePanelContext);
  if (!panel) throw new Error('SidePanelCancel belongs inside a SidePanel.');
  return (
    <button type="button" className={className} disabled={panel.locked} onClick={() => void panel.requestClose()}>
      {children}
    </button>
  );
}

/** The footer of a panel that saves: Cancel, and Save ("Saving..." while `saving`); `disabled` when more than saving holds it back. */
export function SidePanelSaveFooter({ saving, disabled = saving }: { saving: boolean; disabled?: boolean }) {
  return (
    <>
      <SidePanelCancel />
      <button type="submit" className="button button--primary" disabled={disabled} aria-busy={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </>
  );
}

/**
 * A slide-in panel over the previous screen (spec 1 §2 Shared UI, §4 side-panel state). Render it as the
 * component of a child route whose parent renders `<Outlet />`; the panel's route is its open state.
 */
export function SidePanel({
  title,
  closeTo,
  children,
  footer,
  description,
  locked = false,
  dirty = false,
  onBeforeClose,
  onSubmit,
  initialFocus,
  initialFocusDelayMs = 0,
  size = 'medium',
}: SidePanelProps) {
  const modals = useModals();
  const close = useSidePanelClose(closeTo);
  const state = useRef({ locked, dirty, onBeforeClose, asking: false });
  state.current = { ...state.current, locked, dirty, onBeforeClose };

  /** true when the panel may go: not locked, the dirty question answered Yes, and the close listener agrees. */
  const mayLeave = useCallback(async () => {
    const current = state.current;
    if (current.locked || current.asking) return false;
    current.asking = true;
    try {
      if (current.dirty && !(await modals.confirm(UNSAVED_CHANGES_MESSAGE))) return false;
      return current.onBeforeClose ? await current.onBeforeClose() : true;
    } finally {
      current.asking = false;
    }
  }, [modals]);

  const requestClose = async () => {
    if (await mayLeave()) close();
  };

  useBlocker({
    // Moving within the panel (its own search params or a nested route) is not leaving it.
    shouldBlockFn: async ({ current, next }) => {
      if (next.pathname === current.pathname || next.pathname.startsWith(`${current.pathname.replace(/\/$/, '')}/`)) return false;
      return !(await mayLeave());
    },
    enableBeforeUnload: () => state.current.locked || state.current.dirty,
    disabled: !locked && !dirty && !onBeforeClose,
  });

  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!initialFocus) return;
    const timer = setTimeout(() => initialFocus.current?.focus(), initialFocusDelayMs);
    return () => clearTimeout(timer);
  }, [initialFocus, initialFocusDelayMs]);

  const body = (
    <>
      <div className="side-panel__body">{children}</div>
      {footer && <div className="side-panel__footer">{footer}</div>}
    </>
  );

  return (
    <SidePanelContext value={{ requestClose, locked }}>
      <Dialog.Root open onOpenChange={(open) => !open && void requestClose()}>
        <Dialog.Portal>
          <Dialog.Overlay className="side-panel-backdrop" />
          <Dialog.Content
            ref={contentRef}
            className={`side-panel side-panel--${size}`}
            aria-busy={locked || undefined}
            tabIndex={-1}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              if (!initialFocus) contentRef.current?.focus();
            }}
            // The router restores focus on its own; Radix would look for a trigger that a route never had.
            onCloseAutoFocus={(event) => event.preventDefault()}
            // A click on a toast or a page notice is not a click on the backdrop.
            onInteractOutside={(event) => {
              if (isInsideNotice(event.target)) event.preventDefault();
            }}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <header className="side-panel__header">
              <Dialog.Title className="side-panel__title">{title}</Dialog.Title>
              <button
                type="button"
                className="side-panel__close"
                aria-label={`Close ${title}`}
                disabled={locked}
                onClick={() => void requestClose()}
              >
                <span aria-hidden="true">×</span>
              </button>
            </header>
            {description && <Dialog.Description className="side-panel__description">{description}</Dialog.Description>}
            {onSubmit ? (
              <form
                className="side-panel__form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  onSubmit();
                }}
              >
                {body}
              </form>
            ) : (
              body
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SidePanelContext>
  );
}
