import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { MyHomeownersScreen } from '../../../features/homeowners/components/my-homeowners-screen';
import { canonicalHomeownersPath, HOMEOWNER_TITLES } from '../../../features/homeowners/paths';
import { useCreateCustomerPartsOrder } from '../../../features/parts-orders/use-create-parts-order';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { usePartnerPortal } from '../../../features/session/api/get-portal-metadata';
import { canViewMyHomeowners } from '../../../lib/permissions';

/** spec 3 §2 My Homeowners (/service/myhomeowners) under its warranty panel. */
export const Route = createFileRoute('/_authenticated/service/myhomeowners')({
  staticData: { title: HOMEOWNER_TITLES.list },
  beforeLoad: ({ context, location }) => {
    // spec 3 §6 menu rule: Warranty_User, Home_Owner_Viewer or Service_User.
    if (!canViewMyHomeowners(context.user)) throw redirect({ to: '/home', replace: true });
    // The home tile links '/service/myHomeowners': the router matches paths in any case; the address is made the routes' own.
    const canonical = canonicalHomeownersPath(location.pathname);
    if (canonical) throw redirect({ href: `${canonical}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true });
  },
  component: function MyHomeownersLayout() {
    const user = useSignedInUser();
    // spec 3 §6: not for a partner-portal retailer (its users have the Service Center instead).
    const { partnerPortal } = usePartnerPortal(user.currentRetailer?.retailerNumber ?? null);
    const createPartsOrder = useCreateCustomerPartsOrder();
    if (partnerPortal) return <Navigate to="/home" replace />;
    return (
      <>
        <MyHomeownersScreen
          user={user}
          onNewPartsOrder={(card) =>
            void createPartsOrder({ plantNumber: card.plantNumber, longSerialNumber: card.fullSerialNumber || card.serialNumber })
          }
        />
        <Outlet />
      </>
    );
  },
});
