import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { DRIVER_MANAGEMENT_TITLE } from '../../../features/drivers/routes';
import { DriverSearchScreen } from '../../../features/drivers/components/driver-search-screen';
import { deriveFlags } from '../../../lib/permissions';

/** ?firstName=&lastName= is the search last asked: a reload, Back, or closing the side panel shows it again. */
const DriverSearchParams = v.object({
  firstName: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(50)), ''), ''),
  lastName: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(50)), ''), ''),
});

/**
 * spec 3 §2 Driver management (/transportation/driver-management/search), under its side panel: users who are not
 * EBE users (spec 3 §6) are sent home; EBE users land here from home (home.tsx).
 */
export const Route = createFileRoute('/_authenticated/transportation/driver-management/search')({
  validateSearch: DriverSearchParams,
  staticData: { title: DRIVER_MANAGEMENT_TITLE },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isEbeUser) throw redirect({ to: '/home', replace: true });
  },
  component: function DriverSearchRoute() {
    const criteria = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <DriverSearchScreen
          key={`${criteria.firstName}\u0000${criteria.lastName}`}
          criteria={criteria}
          onSearch={(values) => void navigate({ search: values })}
        />
        <Outlet />
      </>
    );
  },
});
