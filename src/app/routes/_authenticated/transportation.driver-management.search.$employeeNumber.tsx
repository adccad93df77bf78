import { createFileRoute } from '@tanstack/react-router';
import { DriverParams } from '../../../contract';
import { DriverPanel } from '../../../features/drivers/components/driver-panel';
import { defineParams } from '../../route-params';

/** The 'Add to Drivers' / 'Update Driver' side panel (spec 3 §2) of one employee, over the search. */
export const Route = createFileRoute('/_authenticated/transportation/driver-management/search/$employeeNumber')({
  params: defineParams(DriverParams),
  component: function DriverPanelRoute() {
    const { employeeNumber } = Route.useParams();
    const { firstName, lastName } = Route.useSearch();
    const closeTo = `/transportation/driver-management/search?${new URLSearchParams({ firstName, lastName }).toString()}`;
    return <DriverPanel key={employeeNumber} employeeNumber={employeeNumber} closeTo={closeTo} />;
  },
});
