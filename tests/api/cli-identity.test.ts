import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/contract';
import { createApp } from '../../src/server/app';
import { createApiKey } from '../../src/server/auth/api-keys';
import { hashLinkToken } from '../../src/server/auth/one-time-links';
import { openDatabase, type Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { runImport } from '../../src/server/import/run-import';
import { createLogger } from '../../src/server/ops/logger';
import { runHomesite } from '../cli-runner';
import { startMailListener, type MailListener } from '../mail-listener';
import { callerFor, createScratchDatabase } from './harness';

/*
 * Invitations, password resets and the audit trail from the command line (issue 29), run in-process (runCli with fake
 * streams) on one database shared by the file's tests, in order: the embedded database in a temporary DATA_DIR, or a
 * scratch PostgreSQL database when TEST_DATABASE_URL is set. Mail goes to a real SMTP listener on 127.0.0.1.
 */

const PASSWORD = 'Opening#Day1';
const OPERATOR = 'ops-person';
const PUBLIC_URL = 'https://homesite.example.com';
const SLOW = 120_000;

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
let base: NodeJS.ProcessEnv;
let dropDatabase: () => Promise<void> = async () => {};
const scratch = mkdtempSync(join(tmpdir(), 'homesite-cli-identity-'));

/** Production without a mail server: the links are printed. USER names the operator the audit trail records. */
const noMail = () => ({ ...base, NODE_ENV: 'production', PUBLIC_URL, USER: OPERATOR });

/** The database, opened by the test while no command runs (the embedded one is one process's at a time). */
async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: base.DATABASE_URL, dataDir: base.DATA_DIR });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const usersCsv = (name: string, rows: string[]) => {
  const path = join(scratch, name);
  writeFileSync(path, ['userName,firstName,lastName,roles,retailers,active', ...rows].join('\n') + '\n');
  return path;
};
const userRow = (userName: string, active = true) => `${userName},Pat,${userName.split('@')[0]!.slice(0, 20)},Service_User,3101,${active}`;

/** `user  https://…/set-password/<token>` lines: user name → token. */
function printedLinks(stdout: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const match = /^(\S+@\S+)\s+(https:\/\/homesite\.example\.com\/set-password\/([A-Za-z0-9_-]{43}))$/.exec(line);
    if (match) links.set(match[1]!, match[3]!);
  }
  return links;
}

const linksOf = (db: Database, userNames: string[]) =>
  db
    .select({ userName: schema.users.userName, link: schema.oneTimeLinks })
    .from(schema.oneTimeLinks)
    .innerJoin(schema.users, eq(schema.users.id, schema.oneTimeLinks.userId))
    .where(inArray(schema.users.userName, userNames))
    .orderBy(schema.oneTimeLinks.id);

beforeAll(async () => {
  if (testDatabaseUrl) {
    const database = await createScratchDatabase(testDatabaseUrl);
    base = { DATABASE_URL: database.url };
    dropDatabase = database.drop;
  } else {
    base = { DATA_DIR: join(scratch, 'data') };
  }
  const database = await openDatabase({ databaseUrl: base.DATABASE_URL, dataDir: base.DATA_DIR });
  try {
    await database.migrate();
    for (const kind of ['plants', 'retailers'])
      await runImport(database.db, kind, createReadStream(`examples/import/${kind}.csv`), { format: 'csv' });
  } finally {
    await database.close();
  }
}, SLOW);
afterAll(async () => {
  await dropDatabase();
  rmSync(scratch, { recursive: true, force: true });
});

describe('invitations without a mail server (production, no SMTP_URL): the links are printed', () => {
  const team = ['ann@example.com', 'ben@example.com', 'cal@example.com'];

  it(
    'user invite --all-without-password invites the active users without a password, a second run skips them, --again replaces their links',
    async () => {
      const created = await runHomesite(
        ['user', 'create', '--user-name', 'it@example.com', '--first-name', 'It', '--last-name', 'Admin', '--role', 'Rtl_Admin'],
        noMail(),
        `${PASSWORD}\n`,
      );
      expect(created.code).toBe(0);
      const file = usersCsv('team.csv', [...team.map((user) => userRow(user)), userRow('gone@example.com', false)]);
      expect((await runHomesite(['import', 'users', file], noMail())).code).toBe(0);

      const first = await runHomesite(['user', 'invite', '--all-without-password'], noMail());
      expect(first.code).toBe(0);
      // stdout is the links alone (to be redirected to a file); the count and the warning are on stderr.
      expect(first.stderr).toContain('Invited 3 users.');
      expect(first.stderr).toMatch(/No mail server is configured \(SMTP_URL\).*privately.*expire at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./s);
      const links = printedLinks(first.stdout);
      expect([...links.keys()]).toEqual(team);
      expect(first.stdout.trim().split('\n')).toHaveLength(3);

      const again = await runHomesite(['user', 'invite', '--all-without-password'], noMail());
      expect(again).toMatchObject({ code: 0, stdout: '' });
      expect(again.stderr).toContain('Invited 0 users; skipped 3 invited within the last 7 days (--again sends them a new link).');

      const renewed = await runHomesite(['user', 'invite', '--all-without-password', '--again'], noMail());
      expect(renewed.stderr).toContain('Invited 3 users.');
      const newLinks = printedLinks(renewed.stdout);

      await withDb(async (db) => {
        const stored = await linksOf(db, [...team, 'gone@example.com', 'it@example.com']);
        expect(stored).toHaveLength(6);
        for (const user of team) {
          const [old, current] = stored.filter((row) => row.userName === user).map((row) => row.link);
          // Only the token's hash is kept; the older link ended when the newer one was issued.
          expect(old).toMatchObject({ purpose: 'invitation', tokenHash: hashLinkToken(links.get(user)!), endedBecause: 'replaced' });
          expect(current).toMatchObject({ purpose: 'invitation', tokenHash: hashLinkToken(newLinks.get(user)!), endedBecause: null });
          expect(current!.expiresAt.getTime() - current!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);
        }
        const tokens = [...links.values(), ...newLinks.values()];
        const [found] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(schema.oneTimeLinks)
          .where(inArray(schema.oneTimeLinks.tokenHash, tokens));
        expect(found!.n).toBe(0);
        // No mail server: nothing queued.
        expect(await db.select().from(schema.mailOutbox)).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    'user invite --user-name: an invitation without a password, a reset with one; inactive and unknown users refused',
    async () => {
      const invited = await runHomesite(['user', 'invite', '--user-name', 'Ann@Example.com'], noMail());
      expect(invited.code).toBe(0);
      expect(invited.stderr).toContain('ann@example.com: an invitation (no password yet); the link lasts 7 days.');
      expect([...printedLinks(invited.stdout).keys()]).toEqual(['ann@example.com']);

      const reset = await runHomesite(['user', 'invite', '--user-name', 'it@example.com'], noMail());
      expect(reset.stderr).toContain('it@example.com: a password reset (they have a password); the link lasts 1 hour.');
      const token = printedLinks(reset.stdout).get('it@example.com')!;

      const inactive = await runHomesite(['user', 'invite', '--user-name', 'gone@example.com'], noMail());
      expect(inactive).toMatchObject({ code: 1, stdout: '' });
      expect(inactive.stderr).toContain('gone@example.com is inactive');
      const unknown = await runHomesite(['user', 'invite', '--user-name', 'nobody@example.com'], noMail());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user is named nobody@example.com');

      for (const argv of [
        ['user', 'invite'],
        ['user', 'invite', '--user-name', 'ann@example.com', '--all-without-password'],
        ['user', 'invite', '--user-name', 'ann@example.com', '--again'],
      ]) {
        const wrong = await runHomesite(argv, noMail());
        expect(wrong.code, argv.join(' ')).toBe(2);
      }
      const noPublicUrl = await runHomesite(['user', 'invite', '--user-name', 'ann@example.com'], { ...noMail(), PUBLIC_URL: '' });
      expect(noPublicUrl).toMatchObject({ code: 1, stdout: '' });
      expect(noPublicUrl.stderr).toContain(
        'Set PUBLIC_URL to the address people open HomeSite at (https://…), so that the links point there.',
      );

      await withDb(async (db) => {
        const [link] = await db
          .select()
          .from(schema.oneTimeLinks)
          .where(eq(schema.oneTimeLinks.tokenHash, hashLinkToken(token)));
        expect(link).toMatchObject({ purpose: 'reset', endedBecause: null });
        expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(60 * 60_000);
      });
    },
    SLOW,
  );

  it(
    'import users --invite invites the active users of the file without a password or an open invitation, in the import',
    async () => {
      const file = usersCsv('more.csv', [
        userRow('dee@example.com'),
        userRow('eli@example.com'),
        userRow('fay@example.com', false),
        // Already invited (an open link): skipped. A user with a password (it@): not invited.
        userRow('ben@example.com'),
        userRow('it@example.com'),
      ]);
      const imported = await runHomesite(['import', 'users', file, '--invite'], noMail());
      expect(imported.code).toBe(0);
      // ben's row is as the last import had it (unchanged); it@'s changed.
      expect(imported.stdout).toContain('Written: 3 inserted, 1 updated, 1 unchanged.');
      expect(imported.stderr).toContain('Invited 2 users; skipped 1 invited within the last 7 days');
      expect([...printedLinks(imported.stdout).keys()]).toEqual(['dee@example.com', 'eli@example.com']);

      const dryRun = await runHomesite(['import', 'users', file, '--invite', '--dry-run'], noMail());
      expect(dryRun.stdout).toContain('Nobody was invited: a dry run writes nothing.');
      const wrongKind = await runHomesite(['import', 'plants', 'examples/import/plants.csv', '--invite'], noMail());
      expect(wrongKind.code).toBe(2);
      expect(wrongKind.stderr).toContain('--invite goes with the users kind only');
    },
    SLOW,
  );

  it(
    'deactivating a user ends their open links',
    async () => {
      expect((await runHomesite(['user', 'deactivate', 'dee@example.com'], noMail())).code).toBe(0);
      await withDb(async (db) => {
        const links = await linksOf(db, ['dee@example.com']);
        expect(links.map((row) => row.link.endedBecause)).toEqual(['deactivated']);
      });
    },
    SLOW,
  );
});

describe('the audit trail', () => {
  it(
    'records every command line action with its operator, and audit export prints it oldest first as JSON lines',
    async () => {
      expect((await runHomesite(['user', 'reset-password', 'it@example.com'], noMail(), `${PASSWORD}\n`)).code).toBe(0);
      expect((await runHomesite(['apikey', 'create', 'erp-nightly'], noMail())).code).toBe(0);
      expect((await runHomesite(['apikey', 'revoke', 'erp-nightly'], noMail())).code).toBe(0);

      const exported = await runHomesite(['audit', 'export'], noMail());
      expect(exported).toMatchObject({ code: 0, stderr: '' });
      const events = exported.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as AuditEvent);
      const ids = events.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(events.every((event) => event.actorKind === 'cli' && event.actorName === OPERATOR)).toBe(true);
      const actions = events.map((event) => `${event.action} ${event.targetName ?? '-'}`);
      expect(actions.slice(0, 3)).toEqual(['user.created it@example.com', 'import.run -', 'invitation.sent ann@example.com']);
      expect(actions).toContain('password-reset.sent it@example.com');
      expect(actions).toContain('user.deactivated dee@example.com');
      expect(actions.slice(-3)).toEqual(['password.reset it@example.com', 'apikey.created -', 'apikey.revoked -']);
      expect(events.find((event) => event.action === 'user.created')!.details).toEqual({
        roles: ['Rtl_Admin'],
        retailers: [],
        plants: [],
      });
      expect(events.find((event) => event.action === 'import.run')!.details).toEqual({
        kind: 'users',
        rowsRead: 4,
        inserted: 4,
        updated: 0,
        unchanged: 0,
        rowsRefused: 0,
        dryRun: false,
      });
      expect(events.find((event) => event.action === 'apikey.created')!.details).toEqual({ name: 'erp-nightly' });
      // The import with --invite: its audit row, then its invitations.
      const secondImport = events.filter((event) => event.action === 'import.run')[1]!;
      expect(events[events.indexOf(secondImport) + 1]).toMatchObject({ action: 'invitation.sent', targetName: 'dee@example.com' });

      const resets = await runHomesite(['audit', 'export', '--user', 'IT@example', '--action', 'password.reset'], noMail());
      expect(
        resets.stdout
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as AuditEvent).action),
      ).toEqual(['password.reset']);
      const future = await runHomesite(['audit', 'export', '--since', '2999-01-01'], noMail());
      expect(future).toMatchObject({ code: 0, stdout: '' });
      expect((await runHomesite(['audit', 'export', '--since', 'yesterday'], noMail())).code).toBe(2);
      expect((await runHomesite(['audit', 'export', '--action', 'user.promoted'], noMail())).code).toBe(2);
    },
    SLOW,
  );

  it(
    'audit export pages through a long trail oldest first, each event once',
    async () => {
      const many = 2_345;
      await withDb(async (db) => {
        await db.insert(schema.auditEvents).values(
          Array.from({ length: many }, (_, index) => ({
            action: 'sign-in.failed',
            actorKind: 'anonymous' as const,
            targetName: `probe-${index}@example.com`,
          })),
        );
      });
      const exported = await runHomesite(['audit', 'export', '--action', 'sign-in.failed'], base);
      const targets = exported.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as AuditEvent).targetName);
      expect(targets).toEqual(Array.from({ length: many }, (_, index) => `probe-${index}@example.com`));
    },
    SLOW,
  );

  it(
    'an import over HTTP is recorded with its API key, client address and request id',
    async () => {
      await withDb(async (db) => {
        const { key } = await createApiKey(db, 'erp-http');
        // Behind one proxy, whose X-Forwarded-For and X-Request-Id are taken.
        const app = createApp({ db, config: { tokenSecret: randomBytes(32).toString('base64url'), trustedProxyHops: 1 } });
        const header = readFileSync('examples/import/plants.csv', 'utf8').split('\n')[0]!;
        const post = (query: string) =>
          app.request(`/api/import/plants${query}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'text/csv',
              'x-request-id': 'import-run-1',
              'x-forwarded-for': '203.0.113.9',
            },
            body: `${header}\n`,
          });
        // A file of no rows is written (nothing to change): recorded. A dry run is not.
        const response = await post('');
        const dryRun = await post('?dryRun=true');
        expect([response.status, dryRun.status]).toEqual([200, 200]);
        const events = await db.select().from(schema.auditEvents).where(eq(schema.auditEvents.actorKind, 'api-key'));
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          action: 'import.run',
          actorName: 'erp-http',
          requestId: 'import-run-1',
          clientAddress: '203.0.113.9',
          details: { kind: 'plants', rowsRead: 0, inserted: 0, updated: 0, unchanged: 0, rowsRefused: 0, dryRun: false },
        });
      });
    },
    SLOW,
  );
});

describe('invitations by mail (SMTP_URL)', () => {
  let smtp: MailListener;
  beforeAll(async () => {
    smtp = await startMailListener();
  });
  afterAll(() => smtp.close());

  const withMail = (smtpUrl: string) => ({ ...noMail(), SMTP_URL: smtpUrl, MAIL_FROM: 'HomeSite <homesite@example.com>' });

  it(
    'sends the invitation before the command ends: the link in the text and the HTML, and only its hash stored',
    async () => {
      const sent = await runHomesite(['user', 'invite', '--user-name', 'eli@example.com'], withMail(smtp.url));
      expect(sent.stderr).toBe('');
      expect(sent.code).toBe(0);
      expect(sent.stdout).toBe('eli@example.com: an invitation (no password yet); the link lasts 7 days.\nSent 1 mail.\n');
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received.map((one) => one.parsed);
      expect(mail!.subject).toBe('You are invited to HomeSite');
      expect(mail!.from?.value).toEqual([{ address: 'homesite@example.com', name: 'HomeSite' }]);
      expect((mail!.to as { text: string }).text).toBe('eli@example.com');
      expect(mail!.text).toContain('The HomeSite administrator invited you');
      const link = /https:\/\/homesite\.example\.com\/set-password\/([A-Za-z0-9_-]{43})/.exec(mail!.text ?? '');
      expect(link).not.toBeNull();
      expect(mail!.html).toContain(link![0]);

      // A mail server that refuses the connection: the mail stays queued for the server's mailer, and the command says so.
      const refused = await runHomesite(['user', 'invite', '--user-name', 'ann@example.com'], withMail('smtp://127.0.0.1:1'));
      expect(refused.code).toBe(0);
      expect(refused.stdout).toMatch(
        /Sent 0 mails; 1 could not be delivered yet \(the mail server said: .+\)\. They stay queued: any running HomeSite server/,
      );

      await withDb(async (db) => {
        const [stored] = await db
          .select()
          .from(schema.oneTimeLinks)
          .where(eq(schema.oneTimeLinks.tokenHash, hashLinkToken(link![1]!)));
        expect(stored).toMatchObject({ purpose: 'invitation', endedBecause: null });
        const outbox = await db.select().from(schema.mailOutbox).orderBy(schema.mailOutbox.id);
        expect(outbox.map((row) => [row.toAddress, row.sentAt !== null, row.sealedBody !== null, row.attempts])).toEqual([
          ['eli@example.com', true, false, 1],
          ['ann@example.com', false, true, 1],
        ]);
      });
    },
    SLOW,
  );
});

describe('user list: what an operator needs to see of each user (issue 32 §5)', () => {
  it(
    'shows active, password set, invited until when (or expired), last sign-in and roles; a sign-in without a password says why in the log and the audit trail only',
    async () => {
      const logLines: Record<string, unknown>[] = [];
      const logger = createLogger({
        destination: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
      });
      const answers = await withDb(async (db) => {
        const call = callerFor(createApp({ db, config: { tokenSecret: randomBytes(32).toString('base64url'), logger } }));
        const signIn = (userName: string, password: string) =>
          call<{ message?: string }>('POST', '/auth/api/Account/Token', { body: { Username: userName, Password: password } });
        const answers = {
          signedIn: await signIn('it@example.com', PASSWORD),
          wrongPassword: await signIn('it@example.com', 'Not#The1Password'),
          noPassword: await signIn('ann@example.com', 'Not#The1Password'),
        };
        // cal's open invitation ran out unused.
        const [cal] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.userName, 'cal@example.com'));
        await db
          .update(schema.oneTimeLinks)
          .set({ expiresAt: new Date('2026-01-02T03:04:05Z') })
          .where(and(eq(schema.oneTimeLinks.userId, cal!.id), isNull(schema.oneTimeLinks.endedAt)));
        return answers;
      });
      expect(answers.signedIn.status).toBe(200);
      // The client cannot tell a user without a password from a wrong password.
      expect(answers.noPassword).toMatchObject({ status: 400, body: answers.wrongPassword.body });
      const refusals = logLines.filter((line) => line.msg === 'sign-in refused').map((line) => line.reason);
      expect(refusals).toEqual(['wrong-credentials', 'no-password']);

      const audited = await runHomesite(['audit', 'export', '--action', 'sign-in.failed', '--user', 'example.com'], noMail());
      const reasons = audited.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as AuditEvent)
        .filter((event) => event.targetName === 'it@example.com' || event.targetName === 'ann@example.com')
        .map((event) => [event.targetName, event.details.reason]);
      expect(reasons).toEqual([
        ['it@example.com', 'wrong-credentials'],
        ['ann@example.com', 'no-password'],
      ]);

      const listed = await runHomesite(['user', 'list'], noMail());
      expect(listed).toMatchObject({ code: 0, stderr: '' });
      const rows = new Map(listed.stdout.split('\n').map((line) => [line.split(/\s+/)[0]!, line.split(/\s{2,}/)]));
      expect(rows.get('USER')).toEqual(['USER NAME', 'NAME', 'ACTIVE', 'PASSWORD', 'INVITED', 'LAST SIGN-IN', 'ROLES']);
      const minute = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d UTC`;
      const [, , ...itColumns] = rows.get('it@example.com')!;
      expect(itColumns.slice(0, 3)).toEqual(['yes', 'yes', '-']);
      expect(itColumns[3]).toMatch(new RegExp(`^${minute}$`));
      expect(Date.now() - Date.parse(itColumns[3]!.replace(' UTC', 'Z').replace(' ', 'T'))).toBeLessThan(10 * 60_000);
      // The users import made it a Service_User of 3101.
      expect(itColumns[4]).toBe('Service_User');
      // ann's newest invitation (the mail one) lasts 7 days from now.
      const [, , ...annColumns] = rows.get('ann@example.com')!;
      expect(annColumns).toEqual(['yes', 'no', expect.stringMatching(new RegExp(`^until ${minute}$`)), '-', 'Service_User']);
      const until = Date.parse(
        annColumns[2]!
          .replace(/^until /, '')
          .replace(' UTC', 'Z')
          .replace(' ', 'T'),
      );
      expect(Math.abs(until - (Date.now() + 7 * 24 * 3_600_000))).toBeLessThan(15 * 60_000);
      expect(rows.get('cal@example.com')!.slice(2)).toEqual(['yes', 'no', 'expired 2026-01-02 03:04 UTC', '-', 'Service_User']);
      // Deactivated, their links ended with them.
      expect(rows.get('dee@example.com')!.slice(2)).toEqual(['no', 'no', '-', '-', 'Service_User']);
    },
    SLOW,
  );
});
