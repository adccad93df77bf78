import * as v from 'valibot';
import { Password } from './account';
import { Timestamp } from './common';
import { RequiredText } from './text';

/*
 * Getting in without an operator: invitations and password resets by e-mail (one-time links), and the audit trail of
 * identity and administration events (issue 29). Paths are in paths.ts.
 */

/** A one-time link's token: 32 random bytes, base64url (256 bits). Only its SHA-256 is stored on the server. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const LinkToken = v.pipe(v.string('The link is not valid.'), v.regex(LINK_TOKEN_PATTERN, 'The link is not valid.'));

/** The page a link opens: PUBLIC_URL + SET_PASSWORD_PATH + '/' + token. */
export const SET_PASSWORD_PATH = '/set-password';
export const FORGOT_PASSWORD_PATH = '/forgot-password';

export const LINK_PURPOSES = ['invitation', 'reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export const FORGOT_PASSWORD_MESSAGES = {
  userNameRequired: 'User name is required.',
} as const;

/** POST {auth}/api/Account/ForgotPassword: the answer is the same words whether or not the user exists. */
export const ForgotPasswordBody = v.object({
  userName: v.pipe(
    RequiredText(FORGOT_PASSWORD_MESSAGES.userNameRequired, 254, { allow: 'string' }),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty(FORGOT_PASSWORD_MESSAGES.userNameRequired),
  ),
});
export type ForgotPasswordBody = v.InferOutput<typeof ForgotPasswordBody>;
export const ForgotPasswordAnswer = v.object({ message: v.string() });
export type ForgotPasswordAnswer = v.InferOutput<typeof ForgotPasswordAnswer>;

/** POST {auth}/api/Account/Link: what a link is, without using it. The token travels in the body, never a URL. */
export const LinkStatusBody = v.object({ token: LinkToken });
export type LinkStatusBody = v.InferOutput<typeof LinkStatusBody>;

/** Why a link no longer works: used, past its time, replaced by a newer one, ended with its user's deactivation, or never issued. */
export const LINK_REFUSALS = ['used', 'expired', 'replaced', 'deactivated', 'unknown'] as const;
export type LinkRefusal = (typeof LINK_REFUSALS)[number];

// v.union, not v.variant: the first-load chunk has it already, and two cases need no discriminator lookup.
export const LinkStatus = v.union([
  v.object({
    state: v.literal('valid'),
    purpose: v.picklist(LINK_PURPOSES),
    userName: v.string(),
    firstName: v.string(),
    expiresAt: Timestamp,
  }),
  v.object({
    state: v.literal('refused'),
    reason: v.picklist(LINK_REFUSALS),
    /** The link's user when it is known (not for an unknown link), so the page can offer to send a new one. */
    userName: v.nullable(v.string()),
  }),
]);
export type LinkStatus = v.InferOutput<typeof LinkStatus>;

export const LINK_REFUSAL_MESSAGES: Record<LinkRefusal, string> = {
  used: 'This link has been used already. Each link sets a password once.',
  expired: 'This link has expired.',
  replaced: 'A newer link was sent after this one, so this one no longer works. Use the newest e-mail.',
  deactivated: 'This account is inactive. Please contact your administrator.',
  unknown: 'This link is not valid. Check that the whole address was copied from the e-mail.',
};

/** POST {auth}/api/Account/SetPassword: sets the password through a link, then signs in (the login's Account answer). */
export const SetPasswordBody = v.pipe(
  v.object({
    token: LinkToken,
    password: Password,
    confirmPassword: v.string('Passwords do not match.'),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Passwords do not match.'),
    ['confirmPassword'],
  ),
);
export type SetPasswordBody = v.InferOutput<typeof SetPasswordBody>;

/** POST {api}/api/User/SendLink: an invitation (a user with no password) or a password reset (one with a password). */
export const SendLinkBody = v.object({ cmhUserId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)) });
export type SendLinkBody = v.InferOutput<typeof SendLinkBody>;

export const SendLinkAnswer = v.object({
  purpose: v.picklist(LINK_PURPOSES),
  userName: v.string(),
  expiresAt: Timestamp,
  /**
   * mail: queued for delivery (retried until delivered). none: no mail server is configured (SMTP_URL), so `link` is the
   * link itself, shown once to the administrator who asked, to pass on.
   */
  delivery: v.picklist(['mail', 'none']),
  link: v.nullable(v.string()),
});
export type SendLinkAnswer = v.InferOutput<typeof SendLinkAnswer>;

/** Every kind of event the audit trail records, with the words the Audit log screen shows. */
export const AUDIT_ACTIONS = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'invitation.sent': 'Invitation sent',
  'password-reset.sent': 'Password reset sent',
  'password.set': 'Password set from a link',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset by an operator',
  'user.created': 'User created',
  'user.deactivated': 'User deactivated',
  'user.activated': 'User activated',
  'user.roles-changed': 'Roles changed',
  'user.retailers-changed': 'Retail centers changed',
  'user.plants-changed': 'Plants changed',
  'apikey.created': 'API key created',
  'apikey.revoked': 'API key revoked',
  'import.run': 'Import run',
  'export.run': 'Export run',
  'demo.removed': 'Demo data removed',
  'location.time-zone': 'Time zone changed',
  'two-factor.enabled': 'Two-factor sign-in turned on',
  'two-factor.disabled': 'Two-factor sign-in turned off',
  'two-factor.reset': 'Two-factor sign-in reset by an administrator',
  'two-factor.recovery-codes-renewed': 'New recovery codes made',
  'two-factor.recovery-code-used': 'Recovery code used',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Who did it: a signed-in user, the operator's command line, an upstream system's API key, or nobody signed in. */
export const AUDIT_ACTOR_KINDS = ['user', 'cli', 'api-key', 'anonymous'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AuditEvent = v.object({
  id: v.number(),
  at: Timestamp,
  action: v.picklist(AUDIT_ACTION_NAMES),
  actorKind: v.picklist(AUDIT_ACTOR_KINDS),
  /** The user name, the operating-system user of the command line, or the API key's name; null for anonymous. */
  actorName: v.nullable(v.string()),
  /** The user the event is about (the user signed in, invited, changed); null for an import or a key. */
  targetName: v.nullable(v.string()),
  /** What changed, never a password, token or body: { from, to } of roles, an import's kind and counts. */
  details: v.looseObject({}),
  clientAddress: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
});
export type AuditEvent = v.InferOutput<typeof AuditEvent>;

const AUDIT_MESSAGES = {
  instant: 'Must be a date and time (ISO 8601).',
  action: 'Unknown action.',
} as const;

/** GET {api}/api/Audit (newest first, a page at a time) and GET {api}/api/Audit/csv (every matching event). */
export const AuditQuery = v.object({
  /** Events by or about this user name (case-insensitive, part of it). */
  user: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  action: v.optional(v.picklist(AUDIT_ACTION_NAMES, AUDIT_MESSAGES.action)),
  /** Events at or after this instant, and before this one (the screen sends the viewer's own days as instants). */
  from: v.optional(v.pipe(v.string(), v.isoTimestamp(AUDIT_MESSAGES.instant))),
  to: v.optional(v.pipe(v.string(), v.isoTimestamp(AUDIT_MESSAGES.instant))),
  /** The next page: events older than this id. */
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Must be digits.'), v.transform(Number))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Must be digits.'), v.transform(Number), v.minValue(1), v.maxValue(500))),
});
export type AuditQuery = v.InferOutput<typeof AuditQuery>;
export const AUDIT_PAGE_SIZE = 100;

export const AuditPage = v.object({
  items: v.array(AuditEvent),
  /** `before` for the next page; null when this is the last. */
  nextBefore: v.nullable(v.number()),
});
export type AuditPage = v.InferOutput<typeof AuditPage>;
