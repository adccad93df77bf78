import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PlantNumber, RequiredText, RetailerNumber, UserEmail, USER_FORM_MESSAGES, USER_NAME_MAX_LENGTH } from '../../../contract';
import { emailInUse } from '../../admin-users/managed-users';
import { cliOrigin, recordAudit, type AuditOrigin } from '../../audit/audit';
import { endOpenLinks } from '../../auth/one-time-links';
import { hashPassword } from '../../auth/passwords';
import { clearFailedCodes, clearFailedSignIns } from '../../auth/throttle';
import { disableTwoFactor } from '../../auth/totp';
import { cutOffTokens } from '../../auth/tokens';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { describeDuration } from '../../mail/messages';
import { flagOption, listOption, stringOption, type Command } from '../command';
import { withDatabase } from '../database';
import {
  deliverLinks,
  findInvitee,
  invitationSetup,
  invitedSummary,
  issueLinks,
  mailKeyFor,
  usersWithoutPassword,
  type IssuedLinks,
} from '../invitations';
import { CliError, formatTable, readNewPassword, UsageError, writeLine } from '../io';

const PASSWORD_INPUT = `The password is never an argument. In a terminal it is asked twice without echo; otherwise it is the
first line of stdin:
  printf '%s\\n' "$PASSWORD" | npx homesite …
It must follow the product's rules: at least 8 characters, an upper-case and a lower-case letter, a digit and
one of # ? ! @ $ % ^ & * -.`;

const personName = (label: string) =>
  RequiredText(`${label} is required.`, USER_NAME_MAX_LENGTH, {
    allow: 'string',
    tooLong: `${label} can be no longer than ${USER_NAME_MAX_LENGTH} characters.`,
  });

const distinct = (items: string[]) => new Set(items).size === items.length;

/** What `user create` takes, checked as the product's user form checks the same fields. */
const NewUser = v.pipe(
  v.object({
    userName: UserEmail,
    firstName: personName('First name'),
    lastName: personName('Last name'),
    roles: v.pipe(
      v.array(v.string()),
      v.minLength(1, `${USER_FORM_MESSAGES.roleRequired} (--role)`),
      v.check(distinct, 'A role is given twice.'),
    ),
    retailerNumbers: v.pipe(v.array(RetailerNumber), v.check(distinct, 'A retailer is given twice.')),
    plantNumbers: v.pipe(v.array(PlantNumber), v.check(distinct, 'A plant is given twice.')),
    currentRetailer: v.optional(RetailerNumber),
    isInternal: v.boolean(),
    isPlantUser: v.boolean(),
  }),
  v.check(
    (user) => user.currentRetailer === undefined || user.retailerNumbers.includes(user.currentRetailer),
    '--current-retailer must be one of the --retailer numbers.',
  ),
  v.check((user) => !user.isPlantUser || user.plantNumbers.length > 0, 'A plant user (--plant-user) needs at least one --plant.'),
);
type NewUser = v.InferOutput<typeof NewUser>;

const FIELD_OPTIONS: Record<string, string> = {
  userName: '--user-name',
  firstName: '--first-name',
  lastName: '--last-name',
  roles: '--role',
  retailerNumbers: '--retailer',
  plantNumbers: '--plant',
  currentRetailer: '--current-retailer',
};

function parseNewUser(input: unknown): NewUser {
  const result = v.safeParse(NewUser, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const option = typeof key === 'string' ? FIELD_OPTIONS[key] : undefined;
  throw new UsageError(option ? `${option}: ${issue.message}` : issue.message);
}

/** Those of `wanted` that `lookup` does not find. */
async function missing(wanted: readonly string[], lookup: (values: string[]) => Promise<string[]>): Promise<string[]> {
  if (wanted.length === 0) return [];
  const found = new Set(await lookup([...wanted]));
  return wanted.filter((value) => !found.has(value));
}

/** Refuses a user whose roles, retailers or plants do not exist, or whose name is taken. Answers the role ids by name. */
async function checkNewUser(db: Database, user: NewUser): Promise<Map<string, number>> {
  const roleRows = await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles).orderBy(asc(t.roles.name));
  const roleIds = new Map(roleRows.map((role) => [role.name, role.id]));
  const unknownRoles = user.roles.filter((role) => !roleIds.has(role));
  if (unknownRoles.length > 0) {
    throw new CliError(
      `Unknown role${unknownRoles.length > 1 ? 's' : ''}: ${unknownRoles.join(', ')}. The roles are: ${roleRows.map((role) => role.name).join(', ')}.`,
    );
  }
  const unknownRetailers = await missing(user.retailerNumbers, async (numbers) =>
    (await db.select({ n: t.retailers.retailerNumber }).from(t.retailers).where(inArray(t.retailers.retailerNumber, numbers))).map(
      (row) => row.n,
    ),
  );
  if (unknownRetailers.length > 0)
    throw new CliError(
      `No retailer ${unknownRetailers.join(', ')} in the database: import the retailers first (npx homesite import retailers <file>).`,
    );
  const unknownPlants = await missing(user.plantNumbers, async (numbers) =>
    (await db.select({ n: t.plants.plantNumber }).from(t.plants).where(inArray(t.plants.plantNumber, numbers))).map((row) => row.n),
  );
  if (unknownPlants.length > 0)
    throw new CliError(
      `No plant ${unknownPlants.join(', ')} in the database: import the plants first (npx homesite import plants <file>).`,
    );
  if (await emailInUse(db, user.userName))
    throw new CliError(`A user named ${user.userName} exists already (npx homesite user reset-password sets a new password).`);
  return roleIds;
}

async function insertUser(
  db: Database,
  user: NewUser,
  roleIds: ReadonlyMap<string, number>,
  password: string,
  origin: AuditOrigin,
): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(t.users)
      .values({
        userName: user.userName,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordHash,
        // Changed now: the password is not expired at the first sign-in (spec 1 §9 counts 91 days from here).
        passwordLastChanged: new Date(),
        isInternal: user.isInternal,
        isPlantUser: user.isPlantUser,
        currentRetailerNumber: user.currentRetailer ?? user.retailerNumbers[0] ?? null,
      })
      // The unique index on lower(user_name) decides when another command or an admin made the same user meanwhile.
      .onConflictDoNothing()
      .returning({ id: t.users.id });
    if (!created) throw new CliError(`A user named ${user.userName} exists already.`);
    const userId = created.id;
    await tx.insert(t.userRoles).values(user.roles.map((role) => ({ userId, roleId: roleIds.get(role)! })));
    if (user.retailerNumbers.length > 0)
      await tx.insert(t.userRetailers).values(user.retailerNumbers.map((retailerNumber) => ({ userId, retailerNumber })));
    if (user.plantNumbers.length > 0)
      await tx.insert(t.userPlants).values(user.plantNumbers.map((plantNumber) => ({ userId, plantNumber })));
    await recordAudit(tx, {
      ...origin,
      action: 'user.created',
      target: { userId, name: user.userName },
      details: { roles: user.roles, retailers: user.retailerNumbers, plants: user.plantNumbers },
    });
    return userId;
  });
}

async function findUser(db: Database, userName: string) {
  const [user] = await db
    .select({ id: t.users.id, userName: t.users.userName, isActive: t.users.isActive })
    .from(t.users)
    .where(eq(sql`lower(${t.users.userName})`, userName.trim().toLowerCase()));
  if (!user) throw new CliError(`No user is named ${userName.trim()} (npx homesite user list shows them).`);
  return user;
}

const userCreate: Command = {
  name: ['user', 'create'],
  summary: 'Create a user (the first administrator, or anyone)',
  synopsis: '--user-name <e-mail> --first-name <name> --last-name <name> --role <name>... [options]',
  options: {
    'user-name': { type: 'string', value: '<e-mail>', description: 'The e-mail address the user signs in with (required)' },
    'first-name': { type: 'string', value: '<name>', description: 'First name, at most 20 characters (required)' },
    'last-name': { type: 'string', value: '<name>', description: 'Last name, at most 20 characters (required)' },
    role: { type: 'string', multiple: true, value: '<name>', description: 'A role, e.g. Rtl_Admin; repeat for more (at least one)' },
    retailer: { type: 'string', multiple: true, value: '<number>', description: 'A retail center the user works for; repeat for more' },
    plant: { type: 'string', multiple: true, value: '<number>', description: 'A plant (facility) of a plant user; repeat for more' },
    'current-retailer': {
      type: 'string',
      value: '<number>',
      description: 'The retail center the user starts in (default: the first --retailer)',
    },
    internal: { type: 'boolean', description: 'Internal staff: no My Account, password never expires' },
    'plant-user': { type: 'boolean', description: 'Plant staff: works across the retailers of their --plant facilities' },
  },
  description: `Creates a user with the given roles, retail centers and plants. The roles, retailers and plants must
exist: on a new database, create the first administrator, then import the retailers and plants and the other
users (npx homesite import --help). The password counts as changed now, so it is not expired at the first sign-in.

${PASSWORD_INPUT}

The organisation's own administrator is internal staff (--internal): they see the whole audit trail and every
location's time zone, where a retailer's administrator sees their own retail centers'.

Example:
  printf '%s\\n' "$ADMIN_PASSWORD" | npx homesite user create --user-name it@example.com \\
    --first-name Ada --last-name Lovelace --internal --role Rtl_Admin --role Service_User`,
  run: async ({ io, values }) => {
    const user = parseNewUser({
      userName: stringOption(values, 'user-name') ?? '',
      firstName: stringOption(values, 'first-name') ?? '',
      lastName: stringOption(values, 'last-name') ?? '',
      roles: listOption(values, 'role'),
      retailerNumbers: listOption(values, 'retailer'),
      plantNumbers: listOption(values, 'plant'),
      currentRetailer: stringOption(values, 'current-retailer'),
      isInternal: flagOption(values, 'internal'),
      isPlantUser: flagOption(values, 'plant-user'),
    });
    // Asked before the database opens (seconds on the embedded one): keys typed ahead of a late prompt would echo.
    const password = await readNewPassword(io);
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const roleIds = await checkNewUser(db, user);
      await insertUser(db, user, roleIds, password, cliOrigin(io.env));
    });
    writeLine(io.stdout, `Created ${user.userName} (${user.roles.join(', ')}).`);
  },
};

const userResetPassword: Command = {
  name: ['user', 'reset-password'],
  summary: 'Set a new password for a user and sign them out everywhere',
  arguments: ['<user-name>'],
  description: `Sets a new password. As a password change in My Account does, it ends every session the user has
(each device must sign in again), and it clears failed sign-in attempts, so a locked-out user can sign in at once.
The password counts as changed now.

${PASSWORD_INPUT}

Example:
  npx homesite user reset-password it@example.com`,
  run: async ({ io, positionals }) => {
    const [userName = ''] = positionals;
    const passwordHash = await hashPassword(await readNewPassword(io));
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const user = await findUser(db, userName);
      await db.transaction(async (tx) => {
        await tx
          .update(t.users)
          .set({ passwordHash, passwordLastChanged: new Date(), ...cutOffTokens(null) })
          .where(eq(t.users.id, user.id));
        await clearFailedSignIns(tx, user.userName.toLowerCase());
        await recordAudit(tx, { ...cliOrigin(io.env), action: 'password.reset', target: { userId: user.id, name: user.userName } });
      });
      writeLine(io.stdout, `New password set for ${user.userName}; their other sessions are ended.`);
    });
  },
};

const userResetTwoFactor: Command = {
  name: ['user', 'reset-two-factor'],
  summary: 'Turn a user’s two-factor sign-in off (a lost phone and lost recovery codes)',
  arguments: ['<user-name>'],
  description: `Turns the user's two-factor sign-in off, as an administrator's reset in Users does (issue 33): their
authenticator app's codes and their recovery codes stop working, they sign in with their password alone and can set it
up again in My Account. It also clears their failed codes. For the administrator who cannot sign in any more; no mail
is sent. A user whose role requires two-factor sign-in (REQUIRE_2FA_ROLES) is sent to its setup at their next sign-in.

Example:
  npx homesite user reset-two-factor it@example.com`,
  run: async ({ io, positionals }) => {
    const [userName = ''] = positionals;
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const user = await findUser(db, userName);
      const [row] = await db.select({ on: t.users.twoFactorEnabledAt }).from(t.users).where(eq(t.users.id, user.id));
      if (!row?.on) {
        writeLine(io.stdout, `${user.userName} has no two-factor sign-in: nothing to reset.`);
        return;
      }
      await db.transaction(async (tx) => {
        await disableTwoFactor(tx, user.id);
        await clearFailedCodes(tx, user.userName.toLowerCase());
        await recordAudit(tx, {
          ...cliOrigin(io.env),
          action: 'two-factor.reset',
          target: { userId: user.id, name: user.userName },
          details: { delivery: 'none' },
        });
      });
      writeLine(io.stdout, `Two-factor sign-in of ${user.userName} is reset: they sign in with their password alone.`);
    });
  },
};

function activation(active: boolean): Command {
  const word = active ? 'activate' : 'deactivate';
  return {
    name: ['user', word],
    summary: active ? 'Let a deactivated user sign in again' : 'Stop a user from signing in (their sessions end at once)',
    arguments: ['<user-name>'],
    description: active
      ? 'Activates a user that was deactivated. Their password and roles are as they were.\n\nExample:\n  npx homesite user activate it@example.com'
      : 'Deactivates a user: they can no longer sign in, and every request of a session they have is refused from now on.\nAn invitation or password-reset link they have stops working. Nothing they made is removed.\n\nExample:\n  npx homesite user deactivate former.colleague@example.com',
    run: async ({ io, positionals }) => {
      const [userName = ''] = positionals;
      await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
        const user = await findUser(db, userName);
        if (user.isActive === active) {
          writeLine(io.stdout, `${user.userName} is ${active ? 'active' : 'inactive'} already.`);
          return;
        }
        const now = new Date();
        await db.transaction(async (tx) => {
          await tx.update(t.users).set({ isActive: active }).where(eq(t.users.id, user.id));
          // A deactivated user's invitation or reset link must not let them in later: it ends with them.
          if (!active) await endOpenLinks(tx, user.id, 'deactivated', now);
          await recordAudit(tx, {
            ...cliOrigin(io.env),
            at: now,
            action: active ? 'user.activated' : 'user.deactivated',
            target: { userId: user.id, name: user.userName },
          });
        });
        writeLine(io.stdout, `${user.userName} is ${active ? 'active' : 'deactivated'}.`);
      });
    },
  };
}

const userInvite: Command = {
  name: ['user', 'invite'],
  summary: 'Send a user (or every user without a password) a link to set their password',
  synopsis: '--user-name <e-mail> | --all-without-password [--again]',
  options: {
    'user-name': { type: 'string', value: '<e-mail>', description: 'The user to send a link to' },
    'all-without-password': {
      type: 'boolean',
      description: 'Invite every active user without a password (imported users) who has no open invitation',
    },
    again: { type: 'boolean', description: 'With --all-without-password: those with an open invitation too (a new link ends the old)' },
  },
  description: `Sends a one-time link that sets a password. A user with no password yet (an imported one) gets an
invitation (valid INVITE_TTL_HOURS, default 7 days); a user who has a password gets a password reset (valid
RESET_TTL_MINUTES, default 60 minutes) — the output says which. A new link ends the user's older ones. Inactive users
are refused. The audit trail records each link, by the command line.

--all-without-password invites every active user without a password, skipping those whose invitation is still open
(unused, unexpired), unless --again. All the links are issued in one transaction.

Links point to PUBLIC_URL (in demo mode, without it, to http://localhost:$PORT). With SMTP_URL the mails are sent
before the command ends (for up to a minute; a running server delivers what is left). Without SMTP_URL in production
no mail leaves: the links are printed on stdout, one line per user, to be passed on privately. In demo mode without
SMTP_URL the mails are printed.

Examples:
  npx homesite user invite --user-name new.colleague@example.com
  npx homesite user invite --all-without-password
  NODE_ENV=production PUBLIC_URL=https://homesite.example.com npx homesite user invite --all-without-password > links.txt`,
  run: async ({ io, values }) => {
    const userName = stringOption(values, 'user-name');
    const all = flagOption(values, 'all-without-password');
    const again = flagOption(values, 'again');
    if ((userName === undefined) === !all) throw new UsageError('Say either --user-name <e-mail> or --all-without-password.');
    if (again && !all) throw new UsageError('--again goes with --all-without-password (one user always gets a new link).');
    const setup = invitationSetup(io.env);
    await withDatabase(io.env, { migrations: 'apply' }, async ({ db }) => {
      const mailKey = await mailKeyFor(db, io.env);
      let issued: IssuedLinks;
      let summary: string;
      if (userName !== undefined) {
        const { invitee, links } = await db.transaction(async (tx) => {
          const found = await findInvitee(tx, userName);
          return { invitee: found, links: await issueLinks(tx, setup, mailKey, [found]) };
        });
        issued = links;
        const [link] = issued.links;
        const lasts = `the link lasts ${describeDuration(link!.expiresAt.getTime() - issued.now.getTime())}`;
        summary = invitee.hasPassword
          ? `${invitee.userName}: a password reset (they have a password); ${lasts}.`
          : `${invitee.userName}: an invitation (no password yet); ${lasts}.`;
      } else {
        let skipped = 0;
        issued = await db.transaction(async (tx) => {
          const now = new Date();
          const found = await usersWithoutPassword(tx, now, { again });
          skipped = found.skipped;
          return issueLinks(tx, setup, mailKey, found.invitees, now);
        });
        summary =
          issued.links.length === 0 && skipped === 0
            ? 'Every active user has a password: nobody to invite.'
            : invitedSummary(setup.config, issued.links.length, skipped);
      }
      await deliverLinks(io, db, setup, mailKey, issued, summary);
    });
  },
};

/** A time as the command line prints it: to the minute, in UTC. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What an operator needs to know of each user (issue 32 §5), in user name order. */
async function listedUsers(db: Database, now: Date) {
  const users = await db
    .select({
      id: t.users.id,
      userName: t.users.userName,
      firstName: t.users.firstName,
      lastName: t.users.lastName,
      isActive: t.users.isActive,
      hasPassword: sql<boolean>`${t.users.passwordHash} is not null`.mapWith(Boolean),
    })
    .from(t.users)
    .orderBy(asc(sql`lower(${t.users.userName})`));
  const roleRows = await db
    .select({ userId: t.userRoles.userId, name: t.roles.name })
    .from(t.userRoles)
    .innerJoin(t.roles, eq(t.roles.id, t.userRoles.roleId))
    .orderBy(asc(t.roles.name));
  // The newest invitation not used nor ended (by a newer link or a deactivation): open until it expires, or expired unused.
  const invitations = await db
    .select({ userId: t.oneTimeLinks.userId, expiresAt: max(t.oneTimeLinks.expiresAt) })
    .from(t.oneTimeLinks)
    .where(and(eq(t.oneTimeLinks.purpose, 'invitation'), isNull(t.oneTimeLinks.endedAt)))
    .groupBy(t.oneTimeLinks.userId);
  // Sign-ins are not kept on the user: the audit trail has each one, for AUDIT_RETENTION_DAYS.
  const signIns = await db
    .select({ userId: t.auditEvents.targetUserId, at: max(t.auditEvents.at) })
    .from(t.auditEvents)
    .where(eq(t.auditEvents.action, 'sign-in.succeeded'))
    .groupBy(t.auditEvents.targetUserId);

  const rolesOf = new Map<number, string[]>();
  for (const { userId, name } of roleRows) rolesOf.set(userId, [...(rolesOf.get(userId) ?? []), name]);
  const invitedUntil = new Map(invitations.map((row) => [row.userId, row.expiresAt]));
  const lastSignIn = new Map(signIns.map((row) => [row.userId, row.at]));
  return users.map((user) => {
    const invitation = invitedUntil.get(user.id);
    const signedIn = lastSignIn.get(user.id);
    return {
      ...user,
      roles: rolesOf.get(user.id) ?? [],
      invited: invitation ? `${invitation > now ? 'until' : 'expired'} ${utcMinute(invitation)}` : '-',
      lastSignIn: signedIn ? utcMinute(signedIn) : '-',
    };
  });
}

const userList: Command = {
  name: ['user', 'list'],
  summary: 'List the users: active, password set, invited, last sign-in, roles',
  description: `Lists every user, in user name order:
  ACTIVE        yes, or no (deactivated: cannot sign in)
  PASSWORD      yes, or no (an imported user who has not used an invitation yet: cannot sign in)
  INVITED       "until <time>" while an invitation link is open, "expired <time>" when the newest one ran out
                unused (npx homesite user invite sends a new one); - otherwise
  LAST SIGN-IN  the last successful sign-in, from the audit trail (kept AUDIT_RETENTION_DAYS); - for none
  ROLES
Times are UTC.

Example:
  npx homesite user list`,
  run: async ({ io }) => {
    await withDatabase(io.env, { migrations: 'current' }, async ({ db }) => {
      const users = await listedUsers(db, new Date());
      if (users.length === 0) {
        writeLine(io.stderr, 'There are no users yet: npx homesite user create --help.');
        return;
      }
      const yesNo = (value: boolean) => (value ? 'yes' : 'no');
      const rows = users.map((user) => [
        user.userName,
        `${user.firstName} ${user.lastName}`,
        yesNo(user.isActive),
        yesNo(user.hasPassword),
        user.invited,
        user.lastSignIn,
        user.roles.join(', '),
      ]);
      writeLine(io.stdout, formatTable(['USER NAME', 'NAME', 'ACTIVE', 'PASSWORD', 'INVITED', 'LAST SIGN-IN', 'ROLES'], rows));
    });
  },
};

export const userCommands: readonly Command[] = [
  userCreate,
  userResetPassword,
  userResetTwoFactor,
  userInvite,
  activation(false),
  activation(true),
  userList,
];
