import { createFileRoute } from '@tanstack/react-router';
import { LocationsScreen } from '../../../../features/locations/components/locations-screen';

/** The time zones of retail centers and plants (issue 30 §1); admins only, as every /admin route (../admin.tsx). */
export const Route = createFileRoute('/_authenticated/admin/locations')({
  staticData: { title: 'Time zones' },
  component: LocationsScreen,
});
