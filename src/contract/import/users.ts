import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, USER_FORM_MESSAGES, USER_NAME_MAX_LENGTH } from '../admin-users';
import { ROLE_NAMES } from '../roles';
import { booleanCell, choiceCell, digitsCell, emailCell, importColumns, listCell, optional, required, textCell } from './cells';

/**
 * Import kind `users`: who signs in (spec 1 §3 User), with their roles, retail centers and plants. Imported users have
 * no password until an operator or an administrator sets one; a later import never touches it.
 */
const userColumns = {
  /** The e-mail address, which is the user name; compared without regard to case. */
  userName: required(emailCell(EMAIL_MAX_LENGTH)),
  firstName: required(textCell(USER_NAME_MAX_LENGTH)),
  lastName: required(textCell(USER_NAME_MAX_LENGTH)),
  active: optional(booleanCell, true),
  /** Company staff (no My Account, spec 1 §6). */
  internal: optional(booleanCell, false),
  /** Plant staff, who work across the retailers of their plants. */
  plantUser: optional(booleanCell, false),
  employeeId: optional(textCell(20)),
  roles: required(
    v.pipe(
      listCell(choiceCell(ROLE_NAMES, (role) => `${role} is not a role of HomeSite.`)),
      v.minLength(1, USER_FORM_MESSAGES.roleRequired),
    ),
    USER_FORM_MESSAGES.roleRequired,
  ),
  retailers: optional(listCell(digitsCell(10)), []),
  plants: optional(listCell(digitsCell(6)), []),
  /** The retail center the user starts in; one of `retailers`. When empty: the one they have, or else the first. */
  currentRetailer: optional(digitsCell(10)),
};

export const UserImportRow = v.pipe(
  v.object(userColumns),
  v.forward(
    // An internal user (the first administrator `homesite user create --internal` makes) may work with none: so the
    // users `homesite export` writes import again.
    v.check(
      (user) => user.internal || user.plantUser || user.retailers.length > 0,
      'A user who is neither internal nor a plant user needs at least one retail center.',
    ),
    ['retailers'],
  ),
  v.forward(
    v.check((user) => !user.plantUser || user.plants.length > 0, 'A plant user needs at least one plant.'),
    ['plants'],
  ),
  v.forward(
    v.check(
      (user) => user.currentRetailer === undefined || user.retailers.includes(user.currentRetailer),
      "Must be one of the user's retailers.",
    ),
    ['currentRetailer'],
  ),
);
export type UserImportRow = v.InferOutput<typeof UserImportRow>;
export const USER_IMPORT_COLUMNS = importColumns(userColumns);
