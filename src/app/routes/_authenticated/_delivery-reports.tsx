import { createFileRoute, redirect } from '@tanstack/react-router';
import { canReadDeliveryReports } from '../../../features/delivery-reports/api/keys';

/**
 * The guard of the delivery reports area (spec 2 §6, the server's read rule): /surveys/deliveryreports and the report
 * views under /reports. The start screen and a home's form need a writer and check that themselves.
 */
export const Route = createFileRoute('/_authenticated/_delivery-reports')({
  beforeLoad: ({ context }) => {
    if (!canReadDeliveryReports(context.user)) throw redirect({ to: '/home', replace: true });
  },
});
