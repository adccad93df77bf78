import * as v from 'valibot';
import {
  EMAIL_PATTERN,
  ROLES_NOT_NEWLY_ASSIGNABLE,
  UserCreateBody,
  userUpdateBodyFor,
  USER_FORM_MESSAGES,
  type CmhUser,
  type ManagedUser,
  type Role,
  type UserCreateBody as CreateBody,
  type UserUpdateBody as UpdateBody,
} from '../../contract';
import { retailCenterLabel } from '../../lib/retailers';
import { ROLE_PRESETS } from './constants';

/** What the add and edit forms hold; the contract body of each mode is made from it. */
export interface UserFormValues {
  /** 0 for a new user. */
  cmhUserId: number;
  rowVersion: number;
  firstName: string;
  lastName: string;
  userName: string;
  isActive: boolean;
  roles: string[];
  retailerNumbers: string[];
  /** The initial password of a new user (add mode only). */
  password: string;
  confirmPassword: string;
}

export type UserFormMode = { kind: 'add' } | { kind: 'edit'; user: ManagedUser };

export type RolePresetKey = keyof typeof ROLE_PRESETS;

/**
 * spec 1 §4 User form: a new user is active and gets the editing preset; the retail center defaults to the
 * admin's current one.
 */
export function newUserValues(admin: Pick<CmhUser, 'retailerNumber'>): UserFormValues {
  return {
    cmhUserId: 0,
    rowVersion: 0,
    firstName: '',
    lastName: '',
    userName: '',
    isActive: true,
    roles: [...ROLE_PRESETS.addEdit.roles],
    retailerNumbers: admin.retailerNumber ? [admin.retailerNumber] : [],
    password: '',
    confirmPassword: '',
  };
}

export function editUserValues(user: ManagedUser): UserFormValues {
  return {
    cmhUserId: user.cmhUserId,
    rowVersion: user.rowVersion,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.userName,
    isActive: user.isActive,
    roles: [...user.roles],
    retailerNumbers: user.retailers.map((retailer) => retailer.retailerNumber),
    password: '',
    confirmPassword: '',
  };
}

/**
 * The contract schema of the mode, as the form's validator: the same rules and messages as the server
 * (spec 1 §5). Each schema reads only its own fields of the form values.
 */
export function userFormSchema(mode: UserFormMode): v.GenericSchema<UserFormValues, unknown> {
  const schema = mode.kind === 'add' ? UserCreateBody : userUpdateBodyFor(mode.user.roles);
  return schema as unknown as v.GenericSchema<UserFormValues, unknown>;
}

export const toCreateBody = (values: UserFormValues): CreateBody => v.parse(UserCreateBody, values);

export const toUpdateBody = (values: UserFormValues, user: ManagedUser): UpdateBody =>
  v.parse(userUpdateBodyFor(user.roles), { ...values, cmhUserId: user.cmhUserId });

/** Whether an address is worth asking the server about (the format rules pass). */
export const isCheckableEmail = (email: string) => {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= 60 && EMAIL_PATTERN.test(trimmed);
};

/** spec 1 §5: the field error of an address that is in use, named emailExists. */
export const EMAIL_EXISTS_ERROR = { code: 'emailExists', message: USER_FORM_MESSAGES.emailExists } as const;

export interface ChoiceItem {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
  disabledReason?: string;
}

/** The roles of GET Group as choices; those spec 1 §5 forbids adding stay listed, but cannot be chosen. */
export function roleChoices(roles: readonly Role[], currentRoles: readonly string[]): ChoiceItem[] {
  const restricted: readonly string[] = ROLES_NOT_NEWLY_ASSIGNABLE;
  return [...roles]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((role) => {
      const locked = restricted.includes(role.name) && !currentRoles.includes(role.name);
      return {
        value: role.name,
        label: role.name,
        description: role.description,
        ...(locked ? { disabled: true, disabledReason: 'Cannot be added to a user who does not already have it.' } : {}),
      };
    });
}

/** The admin's retail centers as choices (spec 1 §2: assignable when the admin has several). */
export const retailerChoices = (admin: Pick<CmhUser, 'availableRetailers'>): ChoiceItem[] =>
  admin.availableRetailers.map((retailer) => ({
    value: retailer.retailerNumber,
    label: `${retailCenterLabel(retailer)} (${retailer.retailerNumber})`,
  }));

/** spec 1 §2: a preset sets the role selection to its roles. */
export const presetRoles = (preset: RolePresetKey): string[] => [...ROLE_PRESETS[preset].roles];

/** The preset the selection equals, if any (shown as the chosen preset). */
export function matchingPreset(roles: readonly string[]): RolePresetKey | null {
  const keys = Object.keys(ROLE_PRESETS) as RolePresetKey[];
  return (
    keys.find((key) => {
      const presetRoleNames: readonly string[] = ROLE_PRESETS[key].roles;
      return presetRoleNames.length === roles.length && presetRoleNames.every((role) => roles.includes(role));
    }) ?? null
  );
}
