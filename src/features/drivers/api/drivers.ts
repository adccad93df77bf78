import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Driver, DriverTypeList, EmployeeSearchResultList, paths, type DriverBody, type EmployeeSearchBody } from '../../../contract';
import { isHttpError, request } from '../../../lib/http';

/* The calls of spec 3 §7 Drivers. Their failures are shown with the messages of spec 3 §8 by the screen, so the
   error catalogue stays silent for them (except 401, which still leads to sign-in). */

const HANDLED = [400, 403, 404, 409, 500, 502, 503, 504];

export const driverKeys = {
  all: ['drivers'] as const,
  types: () => [...driverKeys.all, 'types'] as const,
  searches: () => [...driverKeys.all, 'search'] as const,
  search: (body: EmployeeSearchBody | null) => [...driverKeys.searches(), body?.firstName ?? '', body?.lastName ?? ''] as const,
  driver: (employeeNumber: string) => [...driverKeys.all, 'driver', employeeNumber] as const,
};

/** GET /transportation/drivertypes (spec 3 §7: cached): asked once per session. */
export const useDriverTypes = () =>
  useQuery({
    queryKey: driverKeys.types(),
    queryFn: ({ signal }) => request(paths.driverTypes, { schema: DriverTypeList, handles: HANDLED, signal }),
    staleTime: Infinity,
  });

/** POST /transportation/hbgemployees/search: asked only with a valid search (null asks nothing). */
export const useEmployeeSearch = (body: EmployeeSearchBody | null) =>
  useQuery({
    queryKey: driverKeys.search(body),
    queryFn: ({ signal }) =>
      request(paths.employeeSearch, { method: 'POST', body: body!, schema: EmployeeSearchResultList, handles: HANDLED, signal }),
    enabled: body !== null,
  });

/** GET /transportation/drivers/{employeeNumber}: the driver, or null when the employee is not one (404). */
export const useDriver = (employeeNumber: string) =>
  useQuery({
    queryKey: driverKeys.driver(employeeNumber),
    queryFn: async ({ signal }) => {
      try {
        return await request(paths.driver(employeeNumber), { schema: Driver, handles: HANDLED, signal });
      } catch (error) {
        if (isHttpError(error, 404)) return null;
        throw error;
      }
    },
    staleTime: 0,
  });

/** POST /transportation/drivers (add) or PUT /transportation/drivers/{employeeNumber} (update). */
export function useSaveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, adding }: { body: DriverBody; adding: boolean }) =>
      adding
        ? request(paths.drivers, { method: 'POST', body, schema: Driver, handles: HANDLED })
        : request(paths.driver(body.employee.employeeNumber), { method: 'PUT', body, schema: Driver, handles: HANDLED }),
    onSuccess: (driver) => {
      queryClient.setQueryData(driverKeys.driver(driver.employee.employeeNumber), driver);
      return queryClient.invalidateQueries({ queryKey: driverKeys.searches() });
    },
  });
}
