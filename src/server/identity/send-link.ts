import { SET_PASSWORD_PATH, type LinkPurpose } from '../../contract';
import { recordAudit, type AuditOrigin } from '../audit/audit';
import { issueLink } from '../auth/one-time-links';
import type { Database } from '../db/client';
import type { IdentityConfig } from '../mail/config';
import { linkMail } from '../mail/messages';
import { queueMail, type MailKey } from '../mail/queue';

export interface LinkRecipient {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
}

export interface SendLinkRequest {
  user: LinkRecipient;
  purpose: LinkPurpose;
  /** The full name of the administrator who asked, for the mail's words; null from the command line or the user. */
  sentBy: string | null;
  origin: AuditOrigin;
  /** Where links point: PUBLIC_URL, else the address the request came to. */
  linkBase: string;
  now: Date;
}

export interface SentLink {
  purpose: LinkPurpose;
  /** The link itself: shown once to whoever asked when no mail leaves (delivery none). */
  link: string;
  expiresAt: Date;
  delivery: 'mail' | 'none';
}

export const linkTtlMs = (config: IdentityConfig, purpose: LinkPurpose) =>
  purpose === 'invitation' ? config.inviteTtlMs : config.resetTtlMs;

/**
 * Issues an invitation or reset link (ending the user's older ones), records it in the audit trail and, when mail is
 * configured, queues the mail, all with the caller's database handle: one transaction. Delivery is the mailer's.
 */
export async function sendPasswordLink(
  db: Database,
  config: IdentityConfig,
  mailKey: MailKey,
  request: SendLinkRequest,
): Promise<SentLink> {
  const { user, purpose, now } = request;
  const ttlMs = linkTtlMs(config, purpose);
  const { token, expiresAt } = await issueLink(db, user.id, purpose, now, ttlMs);
  const link = `${request.linkBase}${SET_PASSWORD_PATH}/${token}`;
  const delivery = config.mail.kind === 'none' ? 'none' : 'mail';
  if (delivery === 'mail') {
    const mail = linkMail({ purpose, to: user, sentBy: request.sentBy, link, expiresAt, ttlMs });
    await queueMail(db, mailKey, mail, expiresAt, now);
  }
  await recordAudit(db, {
    ...request.origin,
    at: now,
    action: purpose === 'invitation' ? 'invitation.sent' : 'password-reset.sent',
    target: { userId: user.id, name: user.userName },
    details: { delivery, expiresAt: expiresAt.toISOString() },
  });
  return { purpose, link, expiresAt, delivery };
}
