import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UserCreateBody, userUpdateBodyFor, type ManagedUser, type Role } from '../../../src/contract';
import { READ_ONLY_USERS_MESSAGE, ROLE_PRESETS, USER_ADMIN_SUPPORT_EMAIL } from '../../../src/features/admin-users/constants';
import { matchesSearch, userListView } from '../../../src/features/admin-users/user-list';
import {
  editUserValues,
  isCheckableEmail,
  matchingPreset,
  newUserValues,
  presetRoles,
  retailerChoices,
  roleChoices,
  toCreateBody,
  toUpdateBody,
} from '../../../src/features/admin-users/user-form';
import { demoProfile } from '../fixtures/demo-profiles';

const managed = (overrides: Partial<ManagedUser> & Pick<ManagedUser, 'cmhUserId' | 'firstName' | 'lastName'>): ManagedUser => ({
  userName: `${overrides.firstName.toLowerCase()}@smokymountainhomes.test`,
  isActive: true,
  isInternal: false,
  isPlantUser: false,
  roles: ['Sales_User'],
  retailers: [{ retailerNumber: '4217', name: 'Smoky Mountain Homes', retailerCity: 'Knoxville' }],
  allowEdit: true,
  hasPassword: true,
  rowVersion: 0,
  ...overrides,
});

const users = [
  managed({ cmhUserId: 1, firstName: 'Beth', lastName: 'Abbott' }),
  managed({ cmhUserId: 2, firstName: 'Aaron', lastName: 'Young', isActive: false }),
  managed({ cmhUserId: 3, firstName: 'Ingrid', lastName: 'Holt', isInternal: true, allowEdit: false }),
  managed({
    cmhUserId: 4,
    firstName: 'Rosa',
    lastName: 'Ortega',
    allowEdit: false,
    retailers: [{ retailerNumber: '5123', name: 'Blue Ridge Housing', retailerCity: 'Asheville' }],
  }),
  managed({ cmhUserId: 5, firstName: 'Tara', lastName: 'Vance', allowEdit: false, isActive: false }),
];

describe('users list (spec 1 §2, §4)', () => {
  it('hides inactive users unless Show Inactive Users is ticked, and splits the rest by allowEdit', () => {
    const hidden = userListView(users, { search: '', showInactive: false });
    expect(hidden.editable.map((user) => user.cmhUserId)).toEqual([1]);
    expect(hidden.readOnly.map((user) => user.cmhUserId)).toEqual([3, 4]);
    const shown = userListView(users, { search: '', showInactive: true });
    expect(shown.editable.map((user) => user.cmhUserId)).toEqual([1, 2]);
    expect(shown.readOnly.map((user) => user.cmhUserId)).toEqual([3, 4, 5]);
  });

  it('counts the active read-only users, whatever the search or the inactive filter', () => {
    expect(userListView(users, { search: '', showInactive: false }).activeReadOnlyCount).toBe(2);
    expect(userListView(users, { search: 'beth', showInactive: true }).activeReadOnlyCount).toBe(2);
  });

  it('searches every word in the name, the e-mail address and the retail centers, ignoring case', () => {
    expect(matchesSearch(users[0]!, 'BETH abb')).toBe(true);
    expect(matchesSearch(users[0]!, 'beth@smoky')).toBe(true);
    expect(matchesSearch(users[3]!, 'asheville')).toBe(true);
    expect(matchesSearch(users[3]!, '5123')).toBe(true);
    expect(matchesSearch(users[0]!, 'beth young')).toBe(false);
    expect(userListView(users, { search: 'blue ridge', showInactive: false }).readOnly.map((user) => user.cmhUserId)).toEqual([4]);
  });

  it('refers read-only users to the support address', () => {
    expect(READ_ONLY_USERS_MESSAGE).toBe(
      `Please contact ${USER_ADMIN_SUPPORT_EMAIL} if you need to update the following user accounts. You do not have the appropriate permissions.`,
    );
  });
});

const validNew = {
  firstName: 'Nina',
  lastName: 'Lopez',
  userName: 'nina@smokymountainhomes.test',
  isActive: true,
  roles: ['Service_Viewer'],
  retailerNumbers: ['4217'],
  password: 'Welcome#2026',
  confirmPassword: 'Welcome#2026',
};
const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};

describe('user form rules (spec 1 §5, from the contract)', () => {
  it.each([
    [{ firstName: '' }, [['firstName', 'First name is required.']]],
    [{ lastName: ' ' }, [['lastName', 'Last name is required.']]],
    [{ userName: '' }, [['userName', 'Email is required.']]],
    [{ userName: 'nina@example' }, [['userName', 'Email must be in the following format: name@example.com']]],
    [{ userName: 'nina@example.c' }, [['userName', 'Email must be in the following format: name@example.com']]],
    [{ userName: 'nina@@example.com' }, [['userName', 'Email must be in the following format: name@example.com']]],
    [{ userName: `${'x'.repeat(49)}@example.com` }, [['userName', 'Email can be no longer than 60 characters.']]],
    [{ roles: [] }, [['roles', 'At least one role must be assigned.']]],
    [{ retailerNumbers: [] }, [['retailerNumbers', 'At least one retail center must be assigned.']]],
    [{ roles: ['TRU_Express'] }, [['roles', 'The TRU_Express role cannot be added to a user who does not already have it.']]],
    [{ confirmPassword: 'Welcome#2025' }, [['confirmPassword', 'Passwords do not match.']]],
  ])('new user %j → %j', (overrides, expected) => {
    expect(messagesOf(UserCreateBody, { ...validNew, ...overrides })).toEqual(expected);
  });

  it('accepts a 60-character address with a two-letter top-level domain, lower-cased and trimmed', () => {
    const userName = `${'x'.repeat(49)}@example.co`;
    expect(userName).toHaveLength(60);
    expect(v.parse(UserCreateBody, { ...validNew, userName: ` ${userName.toUpperCase()} ` }).userName).toBe(userName);
  });

  it('lets a user keep Rtl_Admin, MyCustomHomes and TRU_Express they already have, but not gain them', () => {
    const body = {
      cmhUserId: 7,
      firstName: 'Sky',
      lastName: 'Patel',
      userName: 'sales@demo.homesite.test',
      isActive: true,
      retailerNumbers: ['4217'],
      rowVersion: 3,
    };
    expect(messagesOf(userUpdateBodyFor(['MyCustomHomes', 'Sales_User']), { ...body, roles: ['MyCustomHomes', 'Sales_User'] })).toEqual([]);
    expect(messagesOf(userUpdateBodyFor(['Sales_User']), { ...body, roles: ['Rtl_Admin', 'Sales_User'] })).toEqual([
      ['roles', 'The Rtl_Admin role cannot be added to a user who does not already have it.'],
    ]);
  });
});

describe('user form values', () => {
  const admin = demoProfile('admin');

  it('starts a new user active, with the Add/Edit preset and the admin’s current retail center (spec 1 §4)', () => {
    const values = newUserValues(admin);
    expect(values).toMatchObject({
      isActive: true,
      roles: ['Sales_User', 'Service_User', 'Warranty_User'],
      retailerNumbers: [admin.retailerNumber],
    });
    expect(matchingPreset(values.roles)).toBe('addEdit');
  });

  it('defines the presets: View Only sees, Add/Edit works', () => {
    expect(presetRoles('viewOnly')).toEqual(['Sales_Viewer', 'Service_Viewer', 'Home_Owner_Viewer']);
    expect(presetRoles('addEdit')).toEqual(['Sales_User', 'Service_User', 'Warranty_User']);
    expect(ROLE_PRESETS.viewOnly.label).toBe('View Only');
    expect(ROLE_PRESETS.addEdit.label).toBe('Add/Edit');
    expect(matchingPreset(['Home_Owner_Viewer', 'Sales_Viewer', 'Service_Viewer'])).toBe('viewOnly');
    expect(matchingPreset(['Sales_Viewer', 'Service_Viewer'])).toBeNull();
  });

  it('makes the contract bodies from the form values', () => {
    const create = toCreateBody({
      ...newUserValues(admin),
      firstName: ' Nina ',
      lastName: 'Lopez',
      userName: 'Nina@Example.com',
      password: 'Welcome#2026',
      confirmPassword: 'Welcome#2026',
    });
    expect(create).toEqual({
      firstName: 'Nina',
      lastName: 'Lopez',
      userName: 'nina@example.com',
      isActive: true,
      roles: ['Sales_User', 'Service_User', 'Warranty_User'],
      retailerNumbers: [admin.retailerNumber],
      password: 'Welcome#2026',
      confirmPassword: 'Welcome#2026',
    });
    const user = users[0]!;
    const update = toUpdateBody({ ...editUserValues(user), lastName: 'Abbott-Lee', password: 'ignored' }, user);
    expect(update).toEqual({
      cmhUserId: 1,
      firstName: 'Beth',
      lastName: 'Abbott-Lee',
      userName: user.userName,
      isActive: true,
      roles: ['Sales_User'],
      retailerNumbers: ['4217'],
      rowVersion: 0,
    });
  });

  it('lists every role, with the ones the user cannot gain disabled', () => {
    const roles: Role[] = [
      { roleId: 1, name: 'Sales_User', description: 'Creates quotes.' },
      { roleId: 2, name: 'Rtl_Admin', description: 'Administers users.' },
      { roleId: 3, name: 'MyCustomHomes', description: 'Builds quotes.' },
    ];
    const choices = roleChoices(roles, ['MyCustomHomes']);
    expect(choices.map((choice) => [choice.value, choice.disabled ?? false])).toEqual([
      ['MyCustomHomes', false],
      ['Rtl_Admin', true],
      ['Sales_User', false],
    ]);
  });

  it('offers the admin’s retail centers by name, city and number', () => {
    expect(retailerChoices(admin).map((choice) => choice.value)).toEqual(
      admin.availableRetailers.map((retailer) => retailer.retailerNumber),
    );
    expect(retailerChoices(admin)[0]!.label).toContain(admin.availableRetailers[0]!.retailerNumber);
  });

  it('asks the server about an address only once its format is right', () => {
    expect(isCheckableEmail('nina@example.com')).toBe(true);
    expect(isCheckableEmail('nina@example')).toBe(false);
    expect(isCheckableEmail('')).toBe(false);
  });
});
