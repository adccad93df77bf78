import { createFileRoute, redirect } from '@tanstack/react-router';
import { canWriteDeliveryReports } from '../../../features/delivery-reports/api/keys';
import { DeliveryReportStartScreen } from '../../../features/delivery-reports/components/start-screen';
import { DELIVERY_TITLES } from '../../../features/delivery-reports/routes';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { viewScope } from '../../../entities/view-scope';

/** Delivery reports' entry point (the spec names no list of homes): the sold homes without a report; Service_User or Sales_User. */
export const Route = createFileRoute('/_authenticated/_delivery-reports/surveys/deliveryreports/')({
  staticData: { title: DELIVERY_TITLES.start },
  beforeLoad: ({ context }) => {
    if (!canWriteDeliveryReports(context.user)) throw redirect({ to: '/home', replace: true });
  },
  component: function DeliveryReportsStartRoute() {
    const user = useSignedInUser();
    return <DeliveryReportStartScreen scope={viewScope(user)} />;
  },
});
