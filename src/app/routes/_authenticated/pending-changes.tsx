import { createFileRoute } from '@tanstack/react-router';
import { PendingChangesScreen } from '../../../features/sync/pending-changes-screen';

export const Route = createFileRoute('/_authenticated/pending-changes')({
  staticData: { title: 'Pending changes' },
  component: PendingChangesScreen,
});
