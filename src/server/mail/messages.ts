import type { LinkPurpose } from '../../contract';
import { PRODUCT_NAME } from '../../lib/constants';

/** A mail as the queue keeps it and a transport sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface LinkMailFacts {
  purpose: LinkPurpose;
  to: { userName: string; firstName: string; lastName: string };
  /** Who asked: an administrator's full name, or null (the operator's command line, the user themselves). */
  sentBy: string | null;
  link: string;
  expiresAt: Date;
  ttlMs: number;
}

/** "7 days", "1 hour", "90 minutes". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** The expiry as a reader anywhere can place it: the UTC date and time, written out. */
const formatExpiry = (date: Date) => `${date.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' })} UTC`;

/** The invitation or password-reset mail: who asked for whom, the link, and how long it lasts (issue 29 §1). */
export function linkMail(facts: LinkMailFacts): MailMessage {
  const duration = describeDuration(facts.ttlMs);
  const until = formatExpiry(facts.expiresAt);
  const greeting = `Hello ${facts.to.firstName},`;
  const invitation = facts.purpose === 'invitation';
  const subject = invitation
    ? facts.sentBy
      ? `${facts.sentBy} invited you to ${PRODUCT_NAME}`
      : `You are invited to ${PRODUCT_NAME}`
    : `Set a new ${PRODUCT_NAME} password`;
  const lead = invitation
    ? `${facts.sentBy ?? `The ${PRODUCT_NAME} administrator`} invited you to ${PRODUCT_NAME}. Your user name is ${facts.to.userName}. Choose your password with this link:`
    : facts.sentBy
      ? `${facts.sentBy} sent you a link to set a new password for your ${PRODUCT_NAME} account ${facts.to.userName}:`
      : `Someone asked for a new password for your ${PRODUCT_NAME} account ${facts.to.userName}. Set one with this link:`;
  const lasts = `The link works once and lasts ${duration} (until ${until}).`;
  const after = invitation
    ? `If you did not expect this invitation, you can ignore this e-mail.`
    : `If you did not ask for this, you can ignore this e-mail: your password stays as it is.`;
  const text = [greeting, '', lead, '', facts.link, '', lasts, after, '', `— ${PRODUCT_NAME}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2933">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(facts.link)}" style="display: inline-block; padding: 10px 18px; background: #0b5cad; color: #fff; text-decoration: none; border-radius: 4px">${invitation ? 'Set your password' : 'Set a new password'}</a></p>
<p style="font-size: 90%">Or copy this address into your browser: <br>${escapeHtml(facts.link)}</p>
<p>${escapeHtml(lasts)} ${escapeHtml(after)}</p>
<p>— ${PRODUCT_NAME}</p>
</body></html>
`;
  return { to: facts.to.userName, subject, text, html };
}

/** The mail to a user whose two-factor sign-in an administrator reset (issue 33 §2). */
export function twoFactorResetMail(facts: { to: { userName: string; firstName: string }; resetBy: string; at: Date }): MailMessage {
  const greeting = `Hello ${facts.to.firstName},`;
  const lead = `${facts.resetBy} reset the two-factor sign-in of your ${PRODUCT_NAME} account ${facts.to.userName} on ${formatExpiry(facts.at)}. Your authenticator app's codes and your recovery codes no longer work.`;
  const next = `You now sign in with your password alone. Set up two-factor sign-in again in My Account.`;
  const warning = `If you did not ask for this, tell your administrator at once.`;
  const text = [greeting, '', lead, '', next, warning, '', `— ${PRODUCT_NAME}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2933">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(next)} ${escapeHtml(warning)}</p>
<p>— ${PRODUCT_NAME}</p>
</body></html>
`;
  return { to: facts.to.userName, subject: `Your ${PRODUCT_NAME} two-factor sign-in was reset`, text, html };
}
