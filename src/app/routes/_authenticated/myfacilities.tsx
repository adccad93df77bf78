import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { MyFacilitiesScreen } from '../../../features/facilities/components/my-facilities-screen';

export const Route = createFileRoute('/_authenticated/myfacilities')({
  staticData: { title: 'My Facilities' },
  // spec 1 §6: My Facilities is for users with at least one available retailer.
  beforeLoad: ({ context }) => {
    if (context.user.availableRetailers.length === 0) throw redirect({ to: '/', replace: true });
  },
  component: function MyFacilitiesRoute() {
    return <MyFacilitiesScreen user={useSignedInUser()} />;
  },
});
