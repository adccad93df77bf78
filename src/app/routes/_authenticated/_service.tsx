import { createFileRoute, redirect } from '@tanstack/react-router';
import { canSeeServiceRecords } from '../../../lib/permissions';

/**
 * The guard of the Service & Parts area (spec 3 §6 menu rule, the server's read rule of work orders and parts orders:
 * Service_User or Service_Viewer): /service and its tabs, add and edit routes, and every deep link under /workorders,
 * /servicerequests and /partsorders. Routes that write keep their own stricter check.
 */
export const Route = createFileRoute('/_authenticated/_service')({
  beforeLoad: ({ context }) => {
    if (!canSeeServiceRecords(context.user)) throw redirect({ to: '/home', replace: true });
  },
});
