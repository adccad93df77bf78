import { createFileRoute, redirect } from '@tanstack/react-router';
import { deriveFlags } from '../../../lib/permissions';
import { useRefreshProfile, useSignedInUser } from '../../../features/session/api/get-profile';
import { MyAccountScreen } from '../../../features/account/components/my-account-screen';
import { TwoFactorSection } from '../../../features/account/components/two-factor-section';
import { MyAccountSearch } from '../../search-params';

export const Route = createFileRoute('/_authenticated/myAccount')({
  validateSearch: MyAccountSearch,
  staticData: { title: 'My Account' },
  // spec 1 §2, §6: internal users are redirected to the root.
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).canViewMyAccount) throw redirect({ to: '/', replace: true });
  },
  component: function MyAccountRoute() {
    const user = useSignedInUser();
    const refreshProfile = useRefreshProfile();
    const passwordExpired = Route.useSearch({ select: (search) => search.passwordExpired === true });
    return (
      <MyAccountScreen
        key={`${user.cmhUserId}-${passwordExpired}`}
        user={user}
        passwordExpired={passwordExpired}
        refreshProfile={refreshProfile}
        twoFactor={<TwoFactorSection onChanged={refreshProfile} />}
      />
    );
  },
});
