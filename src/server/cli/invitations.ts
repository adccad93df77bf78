import type { Writable } from 'node:stream';
import { and, asc, count, eq, isNull, not, sql } from 'drizzle-orm';
import type { LinkPurpose } from '../../contract';
import { cliOrigin, type AuditOrigin } from '../audit/audit';
import { openInvitation } from '../auth/one-time-links';
import { resolveTokenSecret } from '../auth/tokens';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { sendPasswordLink, type LinkRecipient } from '../identity/send-link';
import { identityConfigFromEnv, type IdentityConfig, type MailSetting } from '../mail/config';
import { createMailTransport } from '../mail/mailer';
import { describeDuration } from '../mail/messages';
import { deliverDueMail, mailKeyOf, type MailKey, type SendMail } from '../mail/queue';
import { CliError, writeLine, type CliIo } from './io';

/*
 * Invitations and password resets from the command line (issue 29): `user invite` and `import users --invite`. Every
 * link of one command is issued in one transaction (with its audit row and, when mail is configured, its queued mail:
 * identity/send-link.ts); delivery follows the commit. Without a mail server the links are printed, to be passed on.
 */

/** How long the command delivers what it queued before it leaves the rest to the server's mailer. */
const DELIVERY_WINDOW_MS = 60_000;
/** Mails per delivery pass (one SMTP connection pool serves them all). */
const DELIVERY_BATCH = 50;
/**
 * Unless SMTP_URL says otherwise: a mail server that does not answer fails the command's pass in seconds rather than
 * nodemailer's minutes (its own defaults: 2 minutes to connect, 10 of silence). The server's mailer keeps the defaults.
 */
const SMTP_TIMEOUTS: Record<string, string> = { connectionTimeout: '15000', greetingTimeout: '15000', socketTimeout: '60000' };
/** Refusals of one mail (a recipient or the message), after which the next mail is still worth trying. */
const ONE_MAIL_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE']);

export interface InvitationSetup {
  config: IdentityConfig;
  /** Where the links point: PUBLIC_URL, else (demo mode only) the local server. */
  linkBase: string;
  origin: AuditOrigin;
}

/**
 * What the environment says about links and mail, read before the database opens: a production setup without
 * PUBLIC_URL is refused, as are malformed SMTP_URL, MAIL_FROM or TTL variables (the server would refuse them too).
 */
export function invitationSetup(env: NodeJS.ProcessEnv): InvitationSetup {
  const mode = env.NODE_ENV === 'production' ? 'production' : 'demo';
  let config: IdentityConfig;
  try {
    config = identityConfigFromEnv(env, mode);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const linkBase = config.publicUrl ?? (mode === 'demo' ? `http://localhost:${env.PORT || 8080}` : null);
  if (!linkBase) throw new CliError('Set PUBLIC_URL to the address people open HomeSite at (https://…), so that the links point there.');
  return { config, linkBase, origin: cliOrigin(env) };
}

/** The key the server decrypts queued mail with: derived from its token secret (TOKEN_SECRET, else the database's). */
export const mailKeyFor = async (db: Database, env: NodeJS.ProcessEnv): Promise<MailKey> =>
  mailKeyOf(await resolveTokenSecret(db, env.TOKEN_SECRET || undefined));

export interface Invitee extends LinkRecipient {
  hasPassword: boolean;
}

export interface IssuedLink {
  userName: string;
  purpose: LinkPurpose;
  link: string;
  expiresAt: Date;
}

/** The links of one command, issued at one instant (which also tells its queued mail apart from any other). */
export interface IssuedLinks {
  now: Date;
  links: IssuedLink[];
}

const inviteeColumns = {
  id: t.users.id,
  userName: t.users.userName,
  firstName: t.users.firstName,
  lastName: t.users.lastName,
  hasPassword: sql<boolean>`${t.users.passwordHash} is not null`.mapWith(Boolean),
};

/** The one user named, with whether they have a password; refuses an unknown or inactive user. */
export async function findInvitee(db: Database, userName: string): Promise<Invitee> {
  const name = userName.trim();
  const [user] = await db
    .select({ ...inviteeColumns, isActive: t.users.isActive })
    .from(t.users)
    .where(eq(sql`lower(${t.users.userName})`, name.toLowerCase()));
  if (!user) throw new CliError(`No user is named ${name} (npx homesite user list shows them).`);
  if (!user.isActive)
    throw new CliError(
      `${user.userName} is inactive: a link would not let them in. Activate them first (npx homesite user activate ${user.userName}).`,
    );
  return { id: user.id, userName: user.userName, firstName: user.firstName, lastName: user.lastName, hasPassword: user.hasPassword };
}

export interface WithoutPassword {
  /** Active users without a password who are to be invited. */
  invitees: Invitee[];
  /** Those left out because they hold an open invitation (unused, unexpired); none with `again`. */
  skipped: number;
}

/**
 * The active users without a password (of these user names, when given: an import's file), those with an open
 * invitation left out unless `again`.
 */
export async function usersWithoutPassword(
  db: Database,
  now: Date,
  options: { again: boolean; userNames?: readonly string[] },
): Promise<WithoutPassword> {
  if (options.userNames && options.userNames.length === 0) return { invitees: [], skipped: 0 };
  const conditions = [eq(t.users.isActive, true), isNull(t.users.passwordHash)];
  if (options.userNames) {
    // As JSON, one parameter however long the file (PostgreSQL takes at most 65,535 parameters a statement).
    const names = JSON.stringify(options.userNames.map((name) => name.toLowerCase()));
    conditions.push(sql`lower(${t.users.userName}) in (select jsonb_array_elements_text(${names}::jsonb))`);
  }
  const invitees = await db
    .select(inviteeColumns)
    .from(t.users)
    .where(and(...conditions, ...(options.again ? [] : [not(openInvitation(now))])))
    .orderBy(asc(sql`lower(${t.users.userName})`));
  if (options.again) return { invitees, skipped: 0 };
  const [skipped] = await db
    .select({ n: count() })
    .from(t.users)
    .where(and(...conditions, openInvitation(now)));
  return { invitees, skipped: skipped?.n ?? 0 };
}

/**
 * Issues a link for each user: an invitation for one without a password, a reset for one with. Each ends the user's
 * older links, queues its mail when mail is configured and records its audit row, on `tx`: call it in a transaction.
 */
export async function issueLinks(tx: Database, setup: InvitationSetup, mailKey: MailKey, invitees: readonly Invitee[], now = new Date()) {
  const links: IssuedLink[] = [];
  for (const invitee of invitees) {
    const { hasPassword, ...user } = invitee;
    const sent = await sendPasswordLink(tx, setup.config, mailKey, {
      user,
      purpose: hasPassword ? 'reset' : 'invitation',
      // The mail then says "The HomeSite administrator invited you".
      sentBy: null,
      origin: setup.origin,
      linkBase: setup.linkBase,
      now,
    });
    links.push({ userName: invitee.userName, purpose: sent.purpose, link: sent.link, expiresAt: sent.expiresAt });
  }
  return { now, links } satisfies IssuedLinks;
}

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The SMTP URL with the command's own timeouts, unless it names them itself. */
function withCommandTimeouts(setting: Extract<MailSetting, { kind: 'smtp' }>): Extract<MailSetting, { kind: 'smtp' }> {
  const url = new URL(setting.url);
  const missing = Object.entries(SMTP_TIMEOUTS).filter(([name]) => !url.searchParams.has(name));
  if (missing.length === 0) return setting;
  const extra = missing.map(([name, value]) => `${name}=${value}`).join('&');
  return { ...setting, url: `${setting.url}${setting.url.includes('?') ? '&' : '?'}${extra}` };
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Writes a line and waits while the stream's buffer is full (a long list into a slow pipe). */
async function writeLineDrained(stream: Writable, text: string) {
  if (!stream.write(`${text}\n`)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/**
 * After the commit: without a mail server, prints each link (stdout) after a warning (stderr); with one, delivers what
 * the command queued for up to a minute and says what is left to the server's mailer. `summary` is the command's
 * count ("Invited 498 users; …"): on stdout with mail, on stderr when stdout carries the links.
 */
export async function deliverLinks(
  io: CliIo,
  db: Database,
  setup: InvitationSetup,
  mailKey: MailKey,
  issued: IssuedLinks,
  summary: string,
) {
  const { links } = issued;
  const mail = setup.config.mail;
  if (mail.kind === 'none') {
    writeLine(io.stderr, summary);
    if (links.length === 0) return;
    const expiries = [...new Set(links.map((link) => link.expiresAt.getTime()))].sort((a, b) => a - b);
    const until =
      expiries.length === 1
        ? `at ${utc(new Date(expiries[0]!))}`
        : `from ${utc(new Date(expiries[0]!))} to ${utc(new Date(expiries[expiries.length - 1]!))}`;
    writeLine(
      io.stderr,
      `No mail server is configured (SMTP_URL), so no mail was sent. Pass each link below on privately to its user ` +
        `(whoever opens it sets the password of that account); ${links.length === 1 ? 'it expires' : 'they expire'} ${until}.`,
    );
    const width = Math.max(...links.map((link) => link.userName.length));
    for (const link of links) await writeLineDrained(io.stdout, `${link.userName.padEnd(width)}  ${link.link}`);
    return;
  }

  writeLine(io.stdout, summary);
  if (links.length === 0) return;
  const transport = createMailTransport(mail.kind === 'smtp' ? withCommandTimeouts(mail) : mail, (text) => writeLine(io.stdout, text));
  let serverProblem: unknown = null;
  // After a failure of the mail server itself (unreachable, authentication, TLS), the rest of the pass is not tried:
  // each would wait for the same timeout. They stay queued, as a failed mail does, for the server's mailer to retry.
  const send: SendMail = async (message) => {
    if (serverProblem) throw new Error(`not tried after: ${messageOf(serverProblem)}`);
    try {
      await transport.send(message);
    } catch (error) {
      if (!ONE_MAIL_REFUSALS.has(errorCode(error) ?? '')) serverProblem = error;
      throw error;
    }
  };
  const deadline = Date.now() + DELIVERY_WINDOW_MS;
  try {
    for (;;) {
      const pass = await deliverDueMail(db, mailKey, send, new Date(), { batch: DELIVERY_BATCH });
      if (pass.sent + pass.failed === 0 || serverProblem || Date.now() >= deadline) break;
    }
  } finally {
    transport.close();
  }

  // This command's mail, whoever delivered it: a running server (DATABASE_URL) may have sent some of it meanwhile.
  const addresses = JSON.stringify(links.map((link) => link.userName));
  const ours = and(
    eq(t.mailOutbox.createdAt, issued.now),
    sql`${t.mailOutbox.toAddress} in (select jsonb_array_elements_text(${addresses}::jsonb))`,
  );
  const [state] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${t.mailOutbox.sentAt} is not null)`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${t.mailOutbox.sentAt} is null and ${t.mailOutbox.failedAt} is null)`.mapWith(Number),
      // The first waiting mail's error: the mail server's own words (those after it may say "not tried after: …").
      lastError: sql<
        string | null
      >`(array_agg(${t.mailOutbox.lastError} order by ${t.mailOutbox.id}) filter (where ${t.mailOutbox.sentAt} is null and ${t.mailOutbox.lastError} is not null))[1]`,
    })
    .from(t.mailOutbox)
    .where(ours);
  const sent = state?.sent ?? 0;
  const waiting = state?.waiting ?? 0;
  const mails = (n: number) => `${n} mail${n === 1 ? '' : 's'}`;
  const done =
    mail.kind === 'console'
      ? `Printed ${mails(sent)} above (demo mode without SMTP_URL: mail is shown here, not sent)`
      : `Sent ${mails(sent)}`;
  if (waiting === 0) {
    writeLine(io.stdout, `${done}.`);
    return;
  }
  const why = state?.lastError ? ` (the mail server said: ${state.lastError.split('\n')[0]})` : '';
  writeLine(
    io.stdout,
    `${done}; ${waiting} could not be delivered yet${why}. They stay queued: any running HomeSite server delivers them ` +
      `(it looks every 15 seconds, and retries a failed mail with growing delays until its link expires). ` +
      `If no server is running on this database, start one.`,
  );
}

/** "Invited 498 users; skipped 2 invited within the last 7 days (--again sends them a new link)." */
export function invitedSummary(config: IdentityConfig, invited: number, skipped: number): string {
  const users = (n: number) => `${n} user${n === 1 ? '' : 's'}`;
  const skippedPart =
    skipped > 0
      ? `; skipped ${skipped} invited within the last ${describeDuration(config.inviteTtlMs)} (--again sends them a new link)`
      : '';
  return `Invited ${users(invited)}${skippedPart}.`;
}
