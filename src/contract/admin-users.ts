import * as v from 'valibot';
import { Password } from './account';
import { RetailerNumber, RowVersion } from './common';
import { RoleNameSchema, type RoleName } from './roles';
import { RequiredText } from './text';

/** spec 1 §5 User form: the messages exactly as the spec writes them ({email} is this example). */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';
export const EMAIL_MAX_LENGTH = 60;
/** spec 1 §9: names are at most 20 characters, as in My Account, so a user can save their own account afterwards. */
export const USER_NAME_MAX_LENGTH = 20;

export const USER_FORM_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailFormat: `Email must be in the following format: ${EMAIL_FORMAT_EXAMPLE}`,
  emailTooLong: `Email can be no longer than ${EMAIL_MAX_LENGTH} characters.`,
  emailExists: 'This email is already in use.',
  emailUnchangeable: 'Email cannot be changed.',
  roleRequired: 'At least one role must be assigned.',
  retailerRequired: 'At least one retail center must be assigned.',
  passwordsDoNotMatch: 'Passwords do not match.',
} as const;

/** spec 1 §5: the roles that cannot be added to a user who does not already have them. */
export const ROLES_NOT_NEWLY_ASSIGNABLE = ['Rtl_Admin', 'MyCustomHomes', 'TRU_Express'] as const satisfies readonly RoleName[];

export const roleNotAddableMessage = (role: string) => `The ${role} role cannot be added to a user who does not already have it.`;

/** The roles of `next` that spec 1 §5 forbids, given the roles the user has now (none for a new user). */
export function rolesNotAddable(current: readonly string[], next: readonly string[]): string[] {
  const restricted: readonly string[] = ROLES_NOT_NEWLY_ASSIGNABLE;
  return next.filter((role) => restricted.includes(role) && !current.includes(role));
}

/** An address with a top-level domain of at least two letters (spec 1 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

const personName = (required: string, label: string) =>
  RequiredText(required, USER_NAME_MAX_LENGTH, {
    allow: 'string',
    tooLong: `${label} can be no longer than ${USER_NAME_MAX_LENGTH} characters.`,
  });

/** The e-mail address, which is also the user name; stored lower-cased. An empty one reports only 'required'. */
export const UserEmail = v.pipe(
  v.string(USER_FORM_MESSAGES.emailRequired),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(USER_FORM_MESSAGES.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, USER_FORM_MESSAGES.emailTooLong),
  v.regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), USER_FORM_MESSAGES.emailFormat),
);

const distinct = <T>(items: readonly T[]) => new Set(items).size === items.length;

const UserRoles = v.pipe(
  v.array(RoleNameSchema, USER_FORM_MESSAGES.roleRequired),
  v.minLength(1, USER_FORM_MESSAGES.roleRequired),
  v.check(distinct, 'A role is listed twice.'),
);

const UserRetailerNumbers = v.pipe(
  v.array(RetailerNumber, USER_FORM_MESSAGES.retailerRequired),
  v.minLength(1, USER_FORM_MESSAGES.retailerRequired),
  v.check(distinct, 'A retail center is listed twice.'),
);

const userFields = {
  firstName: personName(USER_FORM_MESSAGES.firstNameRequired, 'First name'),
  lastName: personName(USER_FORM_MESSAGES.lastNameRequired, 'Last name'),
  userName: UserEmail,
  isActive: v.boolean(),
  roles: UserRoles,
  retailerNumbers: UserRetailerNumbers,
};

/** The message of the spec 1 §5 role rule for `next` roles, or null when they are allowed. */
const roleRuleMessage = (current: readonly string[], next: readonly string[]) => {
  const [forbidden] = rolesNotAddable(current, next);
  return forbidden ? roleNotAddableMessage(forbidden) : null;
};

/**
 * POST {api}/api/User/ (spec 1 §7). A new user gets an initial password that the admin types and hands
 * over; they can change it in My Account. No password is ever generated or sent back.
 */
export const UserCreateBody = v.pipe(
  v.object({
    ...userFields,
    isActive: v.optional(v.boolean(), true),
    password: Password,
    confirmPassword: v.string(USER_FORM_MESSAGES.passwordsDoNotMatch),
  }),
  v.forward(
    v.partialCheck(
      [['roles']],
      (input) => roleRuleMessage([], input.roles) === null,
      (issue) => roleRuleMessage([], (issue.input as { roles: string[] }).roles) ?? '',
    ),
    ['roles'],
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      USER_FORM_MESSAGES.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type UserCreateBody = v.InferOutput<typeof UserCreateBody>;

/** PUT {api}/api/User/ (spec 1 §7): the e-mail address cannot change; rowVersion guards against lost updates. */
export const UserUpdateBody = v.object({
  cmhUserId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  ...userFields,
  rowVersion: RowVersion,
});
export type UserUpdateBody = v.InferOutput<typeof UserUpdateBody>;

/** The update body with the role rule for a user who has `currentRoles` now (the form and the server). */
export const userUpdateBodyFor = (currentRoles: readonly string[]) =>
  v.pipe(
    UserUpdateBody,
    v.forward(
      v.partialCheck(
        [['roles']],
        (input) => roleRuleMessage(currentRoles, input.roles) === null,
        (issue) => roleRuleMessage(currentRoles, (issue.input as { roles: string[] }).roles) ?? '',
      ),
      ['roles'],
    ),
  );

/** A retail center of a managed user. */
export const ManagedUserRetailer = v.object({
  retailerNumber: RetailerNumber,
  name: v.string(),
  retailerCity: v.string(),
});
export type ManagedUserRetailer = v.InferOutput<typeof ManagedUserRetailer>;

/**
 * A user as the admin's user calls answer it (spec 1 §3 User, the fields user administration needs).
 * `allowEdit` is computed by the server for the admin who asks (spec 1 §4, §6).
 */
export const ManagedUser = v.object({
  cmhUserId: v.number(),
  userName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  isActive: v.boolean(),
  isInternal: v.boolean(),
  isPlantUser: v.boolean(),
  roles: v.array(v.string()),
  retailers: v.array(ManagedUserRetailer),
  allowEdit: v.boolean(),
  /** Whether the user has a password: an imported user has none until an invitation's link sets one. */
  hasPassword: v.boolean(),
  rowVersion: RowVersion,
  /** Two-factor sign-in is on (issue 33 §2). */
  twoFactorEnabled: v.optional(v.boolean()),
});
export type ManagedUser = v.InferOutput<typeof ManagedUser>;
export const ManagedUserList = v.array(ManagedUser);

const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Id must be digits.'), v.transform(Number));

/** GET {api}/api/User/: without cmhUserId the list, with it one user. */
export const UserQuery = v.object({ cmhUserId: v.optional(Id) });

/** GET {api}/api/User/CheckForExistingEmail?email= and its answer. */
export const EmailCheckQuery = v.object({
  email: v.pipe(
    v.string(USER_FORM_MESSAGES.emailRequired),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty(USER_FORM_MESSAGES.emailRequired),
    v.maxLength(254),
  ),
});
export const EmailCheckAnswer = v.object({ exists: v.boolean() });
export type EmailCheckAnswer = v.InferOutput<typeof EmailCheckAnswer>;

/** GET {api}/api/Group/: without id the role list, with it one role. */
export const GroupQuery = v.object({ id: v.optional(Id) });
