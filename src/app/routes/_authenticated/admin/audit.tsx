import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../../../../features/audit/components/audit-screen';

/** The audit trail of identity and administration events (issue 29); admins only, as every /admin route (../admin.tsx). */
export const Route = createFileRoute('/_authenticated/admin/audit')({
  staticData: { title: 'Audit log' },
  component: AuditScreen,
});
