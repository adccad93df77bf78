import * as v from 'valibot';

/*
 * The driver panel's path parameter, apart from the rest of drivers.ts: its route checks it on every first load (the
 * route tree is in the entry), and drivers.ts would bring every driver schema along (issue 10 §7).
 */

export const EmployeeNumber = v.pipe(
  v.string('Employee number is required.'),
  v.trim(),
  v.regex(/^[A-Za-z0-9-]{1,20}$/, 'Employee number must be 1 to 20 letters, digits or dashes.'),
);

/** Path parameter of GET and PUT /transportation/drivers/{employeeNumber}. */
export const DriverParams = v.object({ employeeNumber: EmployeeNumber });
