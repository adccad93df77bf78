import { createFileRoute } from '@tanstack/react-router';
import { viewScope } from '../../../entities/view-scope';
import { useLogout } from '../../../features/session/api/logout';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { DeviceStatusScreen } from '../../../features/sync/device-status-screen';
import { openKeptList } from '../../kept-list-sources';

/** Device status (issue 23 §4), beside Pending changes: reached from the user menu and from Pending changes. */
export const Route = createFileRoute('/_authenticated/device-status')({
  staticData: { title: 'Device status' },
  component: function DeviceStatusRoute() {
    const user = useSignedInUser();
    const logout = useLogout();
    return <DeviceStatusScreen scope={viewScope(user)} openKeptList={openKeptList} signOut={() => logout.mutate()} />;
  },
});
