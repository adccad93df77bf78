import { EMPLOYEE_IMPORT_COLUMNS, EmployeeImportRow } from '../../../contract/import';
import { defineKind } from '../kind';
import { countWrites, upsertRows } from '../write';

/** The company's employees by employee number (hbg_employees): whom driver management may make drivers. */
export const employeesKind = defineKind<EmployeeImportRow>({
  description: 'Employees whom driver management may make drivers: number, name, job title, location.',
  columns: EMPLOYEE_IMPORT_COLUMNS,
  schema: EmployeeImportRow,
  keyField: 'employeeNumber',
  keyOf: (row) => row.employeeNumber,
  write: async (db, rows) =>
    countWrites(
      await upsertRows(
        db,
        {
          table: 'hbg_employees',
          input: [
            ['employee_number', 'text'],
            ['first_name', 'text'],
            ['last_name', 'text'],
            ['job_title', 'text'],
            ['location', 'text'],
          ],
          insert: ['employee_number', 'first_name', 'last_name', 'job_title', 'location'],
          conflict: '("employee_number")',
          update: ['first_name', 'last_name', 'job_title', 'location'],
          key: 'target.employee_number',
        },
        rows.map((row) => ({
          employee_number: row.employeeNumber,
          first_name: row.firstName,
          last_name: row.lastName,
          job_title: row.jobTitle,
          location: row.location,
        })),
      ),
    ),
});
