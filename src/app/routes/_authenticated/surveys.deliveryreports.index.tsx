import { createFileRoute, redirect } from '@tanstack/react-router';
import { canWriteDeliveryReports, deliveryScope } from '../../../features/delivery-reports/api/keys';
import { DeliveryReportStartScreen, START_TITLE } from '../../../features/delivery-reports/components/start-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';

/** Delivery reports' entry point (the spec names no list of homes): the sold homes without a report; Service_User or Sales_User. */
export const Route = createFileRoute('/_authenticated/surveys/deliveryreports/')({
  staticData: { title: START_TITLE },
  beforeLoad: ({ context }) => {
    if (!canWriteDeliveryReports(context.user)) throw redirect({ to: '/home', replace: true });
  },
  component: function DeliveryReportsStartRoute() {
    const user = useSignedInUser();
    return <DeliveryReportStartScreen scope={deliveryScope(user)} />;
  },
});
