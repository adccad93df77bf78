import * as v from 'valibot';
import { EMPLOYEE_NAME_MAX } from '../drivers';
import { importColumns, optional, required, textCell } from './cells';

/** Import kind `employees`: the company's employees, whom driver management may make drivers (spec 3 §3 Driver). */
const employeeColumns = {
  employeeNumber: required(textCell(20, { pattern: [/^[A-Za-z0-9-]{1,20}$/, 'Must be 1 to 20 letters, digits or dashes.'] })),
  firstName: required(textCell(EMPLOYEE_NAME_MAX)),
  lastName: required(textCell(EMPLOYEE_NAME_MAX)),
  jobTitle: optional(textCell(60), ''),
  location: optional(textCell(100), ''),
};

export const EmployeeImportRow = v.object(employeeColumns);
export type EmployeeImportRow = v.InferOutput<typeof EmployeeImportRow>;
export const EMPLOYEE_IMPORT_COLUMNS = importColumns(employeeColumns);
