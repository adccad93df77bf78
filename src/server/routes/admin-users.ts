import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  EmailCheckQuery,
  GroupQuery,
  paths,
  roleNotAddableMessage,
  rolesNotAddable,
  SendLinkBody,
  UserCreateBody,
  UserQuery,
  UserUpdateBody,
  USER_FORM_MESSAGES,
  EmailCheckAnswer,
  ManagedUser,
  ManagedUserList,
  Role,
  SendLinkAnswer,
  type ErrorBody,
} from '../../contract';
import {
  administratorOf,
  assignRolesAndRetailers,
  emailInUse,
  findManagedUser,
  keepCurrentRetailerValid,
  listManagedUsers,
  type Administrator,
} from '../admin-users/managed-users';
import { recordAudit, requestOrigin, type AuditOrigin } from '../audit/audit';
import { endOpenLinks } from '../auth/one-time-links';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { sendPasswordLink } from '../identity/send-link';
import { linkBaseOf } from './identity';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { route } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';

export const ADMIN_USER_MESSAGES = {
  userNotFound: 'User not found.',
  roleNotFound: 'Role not found.',
  readOnlyUser: 'You do not have the appropriate permissions to edit this user.',
  notYourRetailer: (retailerNumber: string) => `Retailer ${retailerNumber} is not one of your retail centers.`,
  ownAccountDeactivation: 'You cannot deactivate your own account.',
  ownAdminRole: 'You cannot remove the Rtl_Admin role from your own account.',
  inactiveUserLink: 'This user is inactive: activate them before sending a link.',
} as const;

/** A 400 about one field, in the shape of the contract's validation answers. */
const fieldError = (field: string, message: string) =>
  jsonResponse(400, { message, field, issues: [{ field, message }] } satisfies ErrorBody);

const foreignRetailer = (admin: Administrator, retailerNumbers: readonly string[]) =>
  retailerNumbers.find((retailerNumber) => !admin.retailerNumbers.has(retailerNumber));

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The audit events of an edit: activation, and roles and retail centers from → to. */
async function auditUserChanges(db: Database, origin: AuditOrigin, at: Date, stored: ManagedUser, body: UserUpdateBody) {
  const target = { userId: stored.cmhUserId, name: stored.userName };
  if (body.isActive !== stored.isActive)
    await recordAudit(db, { ...origin, at, action: body.isActive ? 'user.activated' : 'user.deactivated', target });
  if (!sameItems(stored.roles, body.roles))
    await recordAudit(db, {
      ...origin,
      at,
      action: 'user.roles-changed',
      target,
      details: { from: [...stored.roles].sort(), to: [...body.roles].sort() },
    });
  const storedRetailers = stored.retailers.map((retailer) => retailer.retailerNumber);
  if (!sameItems(storedRetailers, body.retailerNumbers))
    await recordAudit(db, {
      ...origin,
      at,
      action: 'user.retailers-changed',
      target,
      details: { from: [...storedRetailers].sort(), to: [...body.retailerNumbers].sort() },
    });
}

/**
 * admin-users: user administration (spec 1 §2 Users list and User form, §5, §6). Only admins reach these
 * calls (isAdmin: Rtl_Admin and not a plant user), and only for users of their own retail centers.
 */
export const adminUserRoutes = [
  route({
    method: 'GET',
    endpoint: paths.users,
    summary: 'The users of the admin’s retail centers, or one user',
    description: 'Without `cmhUserId` the list; with it, that user.',
    answer: v.union([ManagedUserList, ManagedUser]),
    errors: [404],
    flag: 'isAdmin',
    query: UserQuery,
    handle: async ({ c, db, session, query }) => {
      const admin = administratorOf(session.user);
      if (query.cmhUserId === undefined) return c.json((await listManagedUsers(db, admin)) satisfies ManagedUser[]);
      const user = await findManagedUser(db, admin, query.cmhUserId);
      return user ? c.json(user satisfies ManagedUser) : errorResponse(404, ADMIN_USER_MESSAGES.userNotFound);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.users,
    summary: 'Create a user',
    answer: { status: 201, schema: ManagedUser },
    flag: 'isAdmin',
    body: UserCreateBody,
    handle: async ({ c, db, deps, session, body }) => {
      const admin = administratorOf(session.user);
      const foreign = foreignRetailer(admin, body.retailerNumbers);
      if (foreign) return errorResponse(403, ADMIN_USER_MESSAGES.notYourRetailer(foreign));

      const adminRetailer = session.user.retailerNumber;
      const [created] = await db
        .insert(t.users)
        .values({
          userName: body.userName,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: await hashPassword(body.password),
          passwordLastChanged: deps.clock(),
          isActive: body.isActive,
          currentRetailerNumber:
            adminRetailer && body.retailerNumbers.includes(adminRetailer) ? adminRetailer : (body.retailerNumbers[0] ?? null),
        })
        // The unique index on lower(user_name) decides, so two admins creating one address at once get one user.
        .onConflictDoNothing()
        .returning({ id: t.users.id });
      if (!created) return fieldError('userName', USER_FORM_MESSAGES.emailExists);

      await assignRolesAndRetailers(db, created.id, body.roles, body.retailerNumbers);
      await recordAudit(db, {
        ...requestOrigin(c, session.user),
        at: deps.clock(),
        action: 'user.created',
        target: { userId: created.id, name: body.userName },
        details: { roles: body.roles, retailerNumbers: body.retailerNumbers, isActive: body.isActive },
      });
      return c.json((await findManagedUser(db, admin, created.id)) satisfies ManagedUser | null, 201);
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.users,
    summary: 'Update a user: name, activation, roles, retail centers',
    answer: ManagedUser,
    errors: [404, 409],
    flag: 'isAdmin',
    body: UserUpdateBody,
    handle: async ({ c, db, deps, session, body }) => {
      const admin = administratorOf(session.user);
      const stored = await findManagedUser(db, admin, body.cmhUserId);
      if (!stored) return errorResponse(404, ADMIN_USER_MESSAGES.userNotFound);
      if (!stored.allowEdit) return errorResponse(403, ADMIN_USER_MESSAGES.readOnlyUser);
      if (body.userName !== stored.userName.toLowerCase()) return fieldError('userName', USER_FORM_MESSAGES.emailUnchangeable);
      const [forbiddenRole] = rolesNotAddable(stored.roles, body.roles);
      if (forbiddenRole) return fieldError('roles', roleNotAddableMessage(forbiddenRole));
      const foreign = foreignRetailer(admin, body.retailerNumbers);
      if (foreign) return errorResponse(403, ADMIN_USER_MESSAGES.notYourRetailer(foreign));
      if (stored.cmhUserId === admin.cmhUserId) {
        if (!body.isActive) return fieldError('isActive', ADMIN_USER_MESSAGES.ownAccountDeactivation);
        if (!body.roles.includes('Rtl_Admin')) return fieldError('roles', ADMIN_USER_MESSAGES.ownAdminRole);
      }

      const written = await updateIfCurrent(db, t.users, eq(t.users.id, stored.cmhUserId), body.rowVersion, {
        firstName: body.firstName,
        lastName: body.lastName,
        isActive: body.isActive,
      });
      if (written === 0) return staleRecordResponse(stored);

      await assignRolesAndRetailers(db, stored.cmhUserId, body.roles, body.retailerNumbers);
      await keepCurrentRetailerValid(db, stored.cmhUserId, body.retailerNumbers);
      const now = deps.clock();
      if (!body.isActive && stored.isActive) await endOpenLinks(db, stored.cmhUserId, 'deactivated', now);
      await auditUserChanges(db, requestOrigin(c, session.user), now, stored, body);
      return c.json((await findManagedUser(db, admin, stored.cmhUserId)) satisfies ManagedUser | null);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.userSendLink,
    summary: 'Send a user an invitation or password reset link',
    description: 'Without a mail server the link is answered, once, for the admin to pass on.',
    answer: SendLinkAnswer,
    errors: [404],
    flag: 'isAdmin',
    body: SendLinkBody,
    handle: async ({ c, db, deps, session, body }) => {
      const user = await findManagedUser(db, administratorOf(session.user), body.cmhUserId);
      if (!user) return errorResponse(404, ADMIN_USER_MESSAGES.userNotFound);
      if (!user.allowEdit) return errorResponse(403, ADMIN_USER_MESSAGES.readOnlyUser);
      if (!user.isActive) return errorResponse(400, ADMIN_USER_MESSAGES.inactiveUserLink);
      const sent = await sendPasswordLink(db, deps.identity.config, deps.identity.mailKey, {
        user: { id: user.cmhUserId, userName: user.userName, firstName: user.firstName, lastName: user.lastName },
        purpose: user.hasPassword ? 'reset' : 'invitation',
        sentBy: `${session.user.firstName} ${session.user.lastName}`,
        origin: requestOrigin(c, session.user),
        linkBase: linkBaseOf(c, deps),
        now: deps.clock(),
      });
      return c.json({
        purpose: sent.purpose,
        userName: user.userName,
        expiresAt: sent.expiresAt.toISOString(),
        delivery: sent.delivery,
        // Without a mail server the link is answered once, to the admin who asked, to pass on; with one, never.
        link: sent.delivery === 'none' ? sent.link : null,
      } satisfies SendLinkAnswer);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.userEmailCheck,
    summary: 'Whether an e-mail address is already a user name',
    answer: EmailCheckAnswer,
    flag: 'isAdmin',
    query: EmailCheckQuery,
    handle: async ({ c, db, query }) => c.json({ exists: await emailInUse(db, query.email) } satisfies EmailCheckAnswer),
  }),

  route({
    method: 'GET',
    endpoint: paths.groups,
    summary: 'The roles, or one role',
    description: 'Without `id` every role; with it, that role.',
    answer: v.union([v.array(Role), Role]),
    errors: [404],
    flag: 'isAdmin',
    query: GroupQuery,
    handle: async ({ c, db, query }) => {
      const columns = { roleId: t.roles.id, name: t.roles.name, description: t.roles.description };
      if (query.id === undefined) return c.json((await db.select(columns).from(t.roles).orderBy(asc(t.roles.name))) satisfies Role[]);
      const [role] = await db.select(columns).from(t.roles).where(eq(t.roles.id, query.id));
      return role ? c.json(role satisfies Role) : errorResponse(404, ADMIN_USER_MESSAGES.roleNotFound);
    },
  }),
];
