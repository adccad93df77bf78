import { useCallback, useId, useRef, useState } from 'react';
import type { LinkPurpose, ManagedUser, SendLinkAnswer } from '../../../contract';
import { formatDateTime } from '../../../lib/date-format';
import { isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { Modal } from '../../../ui/modal';
import { useModals } from '../../../ui/modals';
import { useSendLink } from '../api/send-link';

/** The words of sending a one-time link (issue 29). The link's lifetime is the server's: the confirmation does not guess it. */
export const SEND_LINK_TEXT: Record<
  LinkPurpose,
  { action: string; confirm: (userName: string) => string; sent: (userName: string) => string; linkLabel: string }
> = {
  invitation: {
    action: 'Send invitation',
    confirm: (userName) => `Send an invitation to ${userName}? The link can be used once.`,
    sent: (userName) => `Invitation sent to ${userName}.`,
    linkLabel: 'Invitation link',
  },
  reset: {
    action: 'Send password reset',
    confirm: (userName) => `Send a password reset link to ${userName}? The link can be used once.`,
    sent: (userName) => `Password reset sent to ${userName}.`,
    linkLabel: 'Password reset link',
  },
};

/** An imported user has no password yet and gets an invitation; anyone else a password reset. */
export const linkPurposeOf = (user: Pick<ManagedUser, 'hasPassword'>): LinkPurpose => (user.hasPassword ? 'reset' : 'invitation');

export const passLinkOnWarning = (answer: Pick<SendLinkAnswer, 'userName' | 'expiresAt'>) =>
  `No mail server is configured, so no e-mail was sent. Give this link to ${answer.userName} privately: it is shown only this once and works until ${formatDateTime(answer.expiresAt)}.`;

/** The link itself, when no mail server could send it: shown once, with Copy. */
function PassLinkOnDialog({ answer, link, onClose }: { answer: SendLinkAnswer; link: string; onClose: () => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected for the admin to copy.
      inputRef.current?.select();
      setCopy('failed');
    }
  }

  return (
    <Modal
      open
      size="medium"
      title="Pass this link on"
      description={passLinkOnWarning(answer)}
      onClose={onClose}
      initialFocus={inputRef}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {SEND_LINK_TEXT[answer.purpose].linkLabel}
        </label>
        <div className="pass-link__row">
          <input
            ref={inputRef}
            id={inputId}
            className="field__input"
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button" onClick={() => void copyLink()}>
            Copy
          </button>
        </div>
        <p className="field__hint" role="status">
          {copy === 'copied' && 'The link is copied.'}
          {copy === 'failed' && 'Copying did not work: the link is selected, copy it with your keyboard.'}
        </p>
      </div>
    </Modal>
  );
}

/**
 * Sending an invitation or a password reset from the users list: the confirmation, the call, then a toast (mailed) or
 * the link shown once (no mail server). `dialog` is drawn by the screen, outside the virtualized rows.
 */
export function useSendLinkAction() {
  const modals = useModals();
  const { mutateAsync, isPending, variables } = useSendLink();
  const [shown, setShown] = useState<{ answer: SendLinkAnswer; link: string } | null>(null);

  const send = useCallback(
    async (user: ManagedUser) => {
      const text = SEND_LINK_TEXT[linkPurposeOf(user)];
      if (!(await modals.confirm(text.confirm(user.userName)))) return;
      try {
        const answer = await mutateAsync({ cmhUserId: user.cmhUserId });
        if (answer.delivery === 'none' && answer.link) setShown({ answer, link: answer.link });
        else if (answer.delivery === 'none') notify({ level: 'warning', title: 'No mail server is configured, so no e-mail was sent.' });
        else notify({ level: 'success', title: SEND_LINK_TEXT[answer.purpose].sent(answer.userName) });
      } catch (error) {
        // Other failures are the error catalogue's (lib/http.ts).
        if (isOfflineError(error))
          notify({ level: 'warning', title: 'You are offline.', description: 'Sending a link needs a connection.' });
      }
    },
    [modals, mutateAsync],
  );

  const dialog = shown && <PassLinkOnDialog answer={shown.answer} link={shown.link} onClose={() => setShown(null)} />;
  return { send, sendingTo: isPending ? variables?.cmhUserId : undefined, dialog };
}
