import * as v from 'valibot';
import { RowVersion } from './common';
import { EmployeeNumber } from './driver-params';
import { Int, Text } from './text';

/*
 * EBE driver management (spec 3 §2 Driver management, §3 Driver, §4 Other, §5, §6, §7 Drivers, §8). Only EBE users
 * (role EBE_Driver_Manager, flag isEbeUser) reach these calls; everybody else gets 403.
 *
 * Rules this product sets where the spec is silent (enforced on the server):
 * - Employee search: first name and last name, at least one of them filled; each filled one matches the start of the
 *   employee's name, ignoring case; at most EMPLOYEE_SEARCH_LIMIT employees, by last name then first name.
 * - GET /transportation/drivers/{employeeNumber} answers the driver, or 404 when the employee is not a driver.
 * - POST /transportation/drivers adds a driver: 404 for an unknown employee, 409 (ConflictBody, `current` the driver)
 *   when the employee already is one, 400 for an unknown driver type.
 * - PUT /transportation/drivers/{employeeNumber} changes the driver type: 404 when the employee is not a driver, 400
 *   when the body's employee is another one, 409 with the current driver when `rowVersion` is given and stale
 *   (without it the last writer wins).
 */

/** At most this many employees answer one search. */
export const EMPLOYEE_SEARCH_LIMIT = 100;
export const EMPLOYEE_NAME_MAX = 50;

/** spec 3 §2, §8: marks, panel titles, errors (verbatim) and the success toasts (wording not in the spec). */
export const DRIVER_MESSAGES = {
  assigned: 'Assigned Driver',
  notAssigned: 'Not Assigned Driver',
  addTitle: 'Add to Drivers',
  updateTitle: 'Update Driver',
  driverTypesFailed: 'Error retrieving driver types.',
  updateFailed: 'Error updating Drivers',
  addFailed: 'Error adding Drivers',
  searchFailed: 'Unable to search employees.',
  added: (name: string) => `${name} has been successfully added to Drivers!`,
  updated: (name: string) => `Driver ${name} has been successfully updated!`,
  nameRequired: 'Enter a first name or a last name.',
  driverTypeRequired: 'Driver type is required.',
  alreadyDriver: 'This employee is already a driver.',
  notDriver: 'This employee is not a driver.',
  unknownEmployee: 'There is no employee with this number.',
  unknownDriverType: 'There is no such driver type.',
  employeeMismatch: 'The employee of the body is not the one of the path.',
} as const;

/** GET /transportation/drivertypes: the kinds of driver. */
export const DriverType = v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)), description: v.string() });
export type DriverType = v.InferOutput<typeof DriverType>;
export const DriverTypeList = v.array(DriverType);

export const DriverEmployee = v.object({ employeeNumber: v.string(), firstName: v.string(), lastName: v.string() });

/** spec 3 §3 Driver: id, employee.employeeNumber, driver type (rowVersion for a safe update). */
export const Driver = v.object({
  id: v.pipe(v.number(), v.integer()),
  employee: DriverEmployee,
  driverType: DriverType,
  rowVersion: RowVersion,
});
export type Driver = v.InferOutput<typeof Driver>;

/** Body of POST /transportation/drivers and PUT /transportation/drivers/{employeeNumber}. */
export const DriverBody = v.object({
  employee: v.object({ employeeNumber: EmployeeNumber }, 'Employee is required.'),
  driverType: v.object({ id: Int(DRIVER_MESSAGES.driverTypeRequired, 1) }, DRIVER_MESSAGES.driverTypeRequired),
  rowVersion: v.optional(RowVersion),
});
export type DriverBody = v.InferOutput<typeof DriverBody>;

/** spec 3 §3 Search payload: firstName, lastName; spec 3 §5 "Driver search needs a valid form": one of them at least. */
export const EmployeeSearchBody = v.pipe(
  v.object({ firstName: Text(EMPLOYEE_NAME_MAX), lastName: Text(EMPLOYEE_NAME_MAX) }),
  v.check((body) => body.firstName !== '' || body.lastName !== '', DRIVER_MESSAGES.nameRequired),
);
export type EmployeeSearchBody = v.InferOutput<typeof EmployeeSearchBody>;

/** spec 3 §3 Employee search result: employeeNumber, isDriver, with the name, job title and location to tell them apart. */
export const EmployeeSearchResult = v.object({
  employeeNumber: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  jobTitle: v.string(),
  location: v.string(),
  isDriver: v.boolean(),
});
export type EmployeeSearchResult = v.InferOutput<typeof EmployeeSearchResult>;
export const EmployeeSearchResultList = v.array(EmployeeSearchResult);
