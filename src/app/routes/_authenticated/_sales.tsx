import { createFileRoute, redirect } from '@tanstack/react-router';
import { deriveFlags } from '../../../lib/permissions';

/**
 * The guard of the sales area (spec 2 §6, the server's rule of quotes, orders and their details: isSalesViewer):
 * /sales/quotes, /sales/orders and the order, quote and home invoice reports under /reports.
 */
export const Route = createFileRoute('/_authenticated/_sales')({
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isSalesViewer) throw redirect({ to: '/home', replace: true });
  },
});
