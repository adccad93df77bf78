import type { ManagedUser } from '../../contract';
import type { SortState } from '../../lib/list';

/** spec 1 §2 Users list: the columns the list sorts by (spec 1 §3 Sort column). */
export const USER_SORT_COLUMNS = [
  { columnName: 'firstName', displayName: 'First Name' },
  { columnName: 'lastName', displayName: 'Last Name' },
  { columnName: 'userName', displayName: 'Email' },
] as const;
export const DEFAULT_USER_SORT: SortState = { columnName: 'lastName', direction: 'asc' };

export interface UserListView {
  editable: ManagedUser[];
  readOnly: ManagedUser[];
  /** spec 1 §2: active read-only users are counted (all of them, whatever the search). */
  activeReadOnlyCount: number;
}

/** What the search looks in: the name, the e-mail address and the user's retail centers. */
export const userSearchText = (user: ManagedUser) =>
  [
    user.firstName,
    user.lastName,
    user.userName,
    ...user.retailers.flatMap((retailer) => [retailer.name, retailer.retailerCity, retailer.retailerNumber]),
  ].join(' ');

/** Every word of the search appears in the user's search text, whatever the case. */
export function matchesSearch(user: ManagedUser, search: string): boolean {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = userSearchText(user).toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * spec 1 §2, §4 Users list: inactive users are hidden unless Show Inactive Users is ticked; the rest,
 * searched, are split by allowEdit into the editable and the read-only list.
 */
export function userListView(users: readonly ManagedUser[], options: { search: string; showInactive: boolean }): UserListView {
  const shown = users.filter((user) => (options.showInactive || user.isActive) && matchesSearch(user, options.search));
  return {
    editable: shown.filter((user) => user.allowEdit),
    readOnly: shown.filter((user) => !user.allowEdit),
    activeReadOnlyCount: users.filter((user) => !user.allowEdit && user.isActive).length,
  };
}
