import type { RoleName } from '../../contract';

/** Who read-only users are referred to (spec 1 §2 Users list: 'Please contact {email} …'). */
export const USER_ADMIN_SUPPORT_EMAIL = 'support@homesite.test';

export const READ_ONLY_USERS_MESSAGE = `Please contact ${USER_ADMIN_SUPPORT_EMAIL} if you need to update the following user accounts. You do not have the appropriate permissions.`;

/**
 * The role presets of the user form (spec 1 §2, §4: 'optionally by a View Only or an Add/Edit preset'; a new
 * user gets the editing one). Read from the viewer and user roles of specs 2 and 3: View Only sees sales,
 * service and homeowners; Add/Edit works quotes and orders, service requests and warranty cards.
 */
export const ROLE_PRESETS = {
  viewOnly: { label: 'View Only', roles: ['Sales_Viewer', 'Service_Viewer', 'Home_Owner_Viewer'] },
  addEdit: { label: 'Add/Edit', roles: ['Sales_User', 'Service_User', 'Warranty_User'] },
} as const satisfies Record<string, { label: string; roles: readonly RoleName[] }>;

/** spec 1 §2 Users list: focus moves to the first-name field 500 ms after the form opens. */
export const USER_FORM_FOCUS_DELAY_MS = 500;

export const USER_SAVED_MESSAGES = {
  created: (name: string) => `${name} has been added.`,
  updated: (name: string) => `${name} has been updated.`,
} as const;
