import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { MyPlantsScreen } from '../../../features/facilities/components/my-plants-screen';

export const Route = createFileRoute('/_authenticated/contact')({
  staticData: { title: 'My Plants' },
  component: function MyPlantsRoute() {
    return <MyPlantsScreen user={useSignedInUser()} />;
  },
});
