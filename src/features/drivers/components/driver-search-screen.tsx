import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DRIVER_MESSAGES, type EmployeeSearchResult } from '../../../contract';
import { DRIVER_MANAGEMENT_TITLE } from '../routes';
import { isOfflineError } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { focusFirstInvalidField } from '../../../ui/focus';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { useEmployeeSearch } from '../api/drivers';
import {
  driverMark,
  driverPanelTitle,
  fullName,
  searchFormSchema,
  searchSummary,
  toSearchBody,
  type SearchFormValues,
} from '../driver-rules';
import '../drivers.css';

export interface DriverSearchScreenProps {
  /** The search last asked (the route's ?firstName=&lastName=), so that a reload or Back shows it again. */
  criteria: SearchFormValues;
  onSearch: (values: SearchFormValues) => void;
}

function ResultRow({ employee, criteria }: { employee: EmployeeSearchResult; criteria: SearchFormValues }) {
  const name = fullName(employee);
  return (
    <li className="driver-result">
      <div className="driver-result__who">
        <span className="driver-result__name">{name}</span>
        <span className="driver-result__meta">
          #{employee.employeeNumber} · {employee.jobTitle} · {employee.location}
        </span>
      </div>
      <span className={`driver-mark driver-mark--${employee.isDriver ? 'assigned' : 'not-assigned'}`}>{driverMark(employee.isDriver)}</span>
      <Link
        to="/transportation/driver-management/search/$employeeNumber"
        params={{ employeeNumber: employee.employeeNumber }}
        search={criteria}
        className="button driver-result__action"
        aria-label={`${driverPanelTitle(employee.isDriver)}: ${name}`}
      >
        {driverPanelTitle(employee.isDriver)}
      </Link>
    </li>
  );
}

/** /transportation/driver-management/search (spec 3 §2 Driver management): the employee search and its results. */
export function DriverSearchScreen({ criteria, onSearch }: DriverSearchScreenProps) {
  const body = toSearchBody(criteria);
  const search = useEmployeeSearch(body);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: criteria,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: searchFormSchema },
    onSubmit: ({ value }) => {
      // The same search again asks the server again (someone may have added a driver meanwhile).
      if (value.firstName.trim() === criteria.firstName && value.lastName.trim() === criteria.lastName) void search.refetch();
      else onSearch({ firstName: value.firstName.trim(), lastName: value.lastName.trim() });
    },
  });

  // spec 3 §8: a failed search says so (offline is said inline instead).
  const failed = search.isError && !isOfflineError(search.error);
  useEffect(() => {
    if (failed) notify({ level: 'error', id: 'employee-search', title: DRIVER_MESSAGES.searchFailed });
  }, [failed, search.errorUpdatedAt]);

  const results = search.data;
  return (
    <div className="page drivers-page">
      <h1 className="page__title">{DRIVER_MANAGEMENT_TITLE}</h1>
      <form
        ref={formRef}
        className="card drivers-search"
        role="search"
        aria-label="Employee search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit().then(() => focusFirstInvalidField(formRef.current));
        }}
      >
        <p className="drivers-search__hint">Search employees by the start of their first name, last name or both.</p>
        <div className="drivers-search__fields">
          <form.AppField name="firstName">
            {(field) => <field.TextField label="First name" autoComplete="off" maxLength={50} />}
          </form.AppField>
          <form.AppField name="lastName">
            {(field) => <field.TextField label="Last name" autoComplete="off" maxLength={50} />}
          </form.AppField>
          <button
            type="submit"
            className="button button--primary drivers-search__submit"
            disabled={search.isFetching}
            aria-busy={search.isFetching}
          >
            {search.isFetching ? 'Searching…' : 'Search'}
          </button>
        </div>
      </form>

      <section className="drivers-results" aria-labelledby="drivers-results-heading" aria-busy={search.isFetching}>
        <h2 id="drivers-results-heading" className="drivers-results__heading">
          Employees
        </h2>
        {body === null && <p className="drivers-results__message">Enter a first name or a last name to find employees.</p>}
        {body !== null && search.isPending && search.fetchStatus !== 'paused' && <p className="drivers-results__message">Searching…</p>}
        {body !== null && !results && (search.fetchStatus === 'paused' || isOfflineError(search.error)) && (
          <p className="notice notice--warning" role="status">
            You are offline. Search again when you are back online.
          </p>
        )}
        {failed && (
          <p className="notice notice--warning" role="alert">
            {DRIVER_MESSAGES.searchFailed}
          </p>
        )}
        {results && (
          <>
            <p className="drivers-results__message" role="status">
              {searchSummary(results.length)}
            </p>
            {results.length > 0 && (
              <ul className="stack-list">
                {results.map((employee) => (
                  <ResultRow key={employee.employeeNumber} employee={employee} criteria={criteria} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
