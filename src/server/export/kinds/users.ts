import { defineExport, listCell } from '../kind';

interface StoredUser {
  user_name: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_internal: boolean;
  is_plant_user: boolean;
  employee_id: string | null;
  current_retailer_number: string | null;
  roles: string[];
  retailers: string[];
  plants: string[];
}

/** Users with their roles, retail centers and plants (lists in name order); never a password, which the import never writes. */
export const usersExport = defineExport<StoredUser>({
  select: `u.user_name, u.first_name, u.last_name, u.is_active, u.is_internal, u.is_plant_user, u.employee_id, u.current_retailer_number,
    ARRAY(SELECT role.name FROM user_roles AS link JOIN roles AS role ON role.id = link.role_id WHERE link.user_id = u.id ORDER BY role.name) AS roles,
    ARRAY(SELECT link.retailer_number FROM user_retailers AS link WHERE link.user_id = u.id ORDER BY link.retailer_number) AS retailers,
    ARRAY(SELECT link.plant_number FROM user_plants AS link WHERE link.user_id = u.id ORDER BY link.plant_number) AS plants`,
  from: 'users AS u',
  key: 'u.id',
  cells: (user) => ({
    userName: user.user_name,
    firstName: user.first_name,
    lastName: user.last_name,
    active: user.is_active,
    internal: user.is_internal,
    plantUser: user.is_plant_user,
    employeeId: user.employee_id,
    roles: listCell(user.roles),
    retailers: listCell(user.retailers),
    plants: listCell(user.plants),
    // One of the user's retailers, as the import requires; a stale one is left out (the import then keeps or picks one).
    currentRetailer:
      user.current_retailer_number !== null && user.retailers.includes(user.current_retailer_number) ? user.current_retailer_number : null,
  }),
});
