import { defineExport } from '../kind';

interface StoredEmployee {
  employee_number: string;
  first_name: string;
  last_name: string;
  job_title: string;
  location: string;
}

export const employeesExport = defineExport<StoredEmployee>({
  select: 'e.employee_number, e.first_name, e.last_name, e.job_title, e.location',
  from: 'hbg_employees AS e',
  key: 'e.employee_number',
  cells: (employee) => ({
    employeeNumber: employee.employee_number,
    firstName: employee.first_name,
    lastName: employee.last_name,
    jobTitle: employee.job_title,
    location: employee.location,
  }),
});
