import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { DriverParams } from '../../../contract';
import { DriverPanel } from '../../../features/drivers/components/driver-panel';

/** The 'Add to Drivers' / 'Update Driver' side panel (spec 3 §2) of one employee, over the search. */
export const Route = createFileRoute('/_authenticated/transportation/driver-management/search/$employeeNumber')({
  params: {
    // A number that cannot be an employee's is an unknown route (spec 1 §2: /404).
    parse: (params) => {
      const parsed = v.safeParse(DriverParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ employeeNumber }) => ({ employeeNumber }),
  },
  component: function DriverPanelRoute() {
    const { employeeNumber } = Route.useParams();
    const { firstName, lastName } = Route.useSearch();
    const closeTo = `/transportation/driver-management/search?${new URLSearchParams({ firstName, lastName }).toString()}`;
    return <DriverPanel key={employeeNumber} employeeNumber={employeeNumber} closeTo={closeTo} />;
  },
});
