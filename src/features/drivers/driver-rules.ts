import * as v from 'valibot';
import { DRIVER_MESSAGES, EMPLOYEE_NAME_MAX, EMPLOYEE_SEARCH_LIMIT, type EmployeeSearchBody } from '../../contract';

/** What the search form holds (spec 3 §2: first name, last name). */
export interface SearchFormValues {
  firstName: string;
  lastName: string;
}

export const EMPTY_SEARCH: SearchFormValues = { firstName: '', lastName: '' };

const NameField = v.pipe(v.string(), v.trim(), v.maxLength(EMPLOYEE_NAME_MAX, `Can be no longer than ${EMPLOYEE_NAME_MAX} characters.`));

/**
 * spec 3 §5 "Driver search needs a valid form": a first name or a last name (the server's EmployeeSearchBody rule),
 * the message shown under First name.
 */
export const searchFormSchema = v.pipe(
  v.object({ firstName: NameField, lastName: NameField }),
  v.forward(
    v.check((values) => values.firstName !== '' || values.lastName !== '', DRIVER_MESSAGES.nameRequired),
    ['firstName'],
  ),
);

export const isSearchFormValid = (values: SearchFormValues) => v.safeParse(searchFormSchema, values).success;

/** The body of POST /transportation/hbgemployees/search, or null when the form is not valid (nothing is asked). */
export function toSearchBody(values: Partial<SearchFormValues>): EmployeeSearchBody | null {
  const parsed = v.safeParse(searchFormSchema, { firstName: values.firstName ?? '', lastName: values.lastName ?? '' });
  return parsed.success ? parsed.output : null;
}

/** spec 3 §2: each result is marked as a driver or not. */
export const driverMark = (isDriver: boolean) => (isDriver ? DRIVER_MESSAGES.assigned : DRIVER_MESSAGES.notAssigned);

/** spec 3 §2: the side panel is 'Update Driver' for an existing driver, 'Add to Drivers' otherwise. */
export const driverPanelTitle = (isDriver: boolean) => (isDriver ? DRIVER_MESSAGES.updateTitle : DRIVER_MESSAGES.addTitle);

export function searchSummary(count: number): string {
  if (count === 0) return 'No employees match this search.';
  if (count >= EMPLOYEE_SEARCH_LIMIT)
    return `Showing the first ${EMPLOYEE_SEARCH_LIMIT} employees. Type more of the name to narrow the search.`;
  return count === 1 ? '1 employee found.' : `${count} employees found.`;
}

export const fullName = (employee: { firstName: string; lastName: string }) => `${employee.firstName} ${employee.lastName}`.trim();

/** The driver type form: a type must be chosen (spec 3 §5: save is blocked while invalid). */
export const driverTypeFormSchema = v.object({
  driverTypeId: v.pipe(v.string(), v.regex(/^\d+$/, DRIVER_MESSAGES.driverTypeRequired)),
});
