import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RevertPanel } from '../../../features/parts-catalog/components/revert-panel';
import { defineParams, NumericId } from '../../route-params';

const HistoryParams = v.object({ partsCatalogHistoryId: NumericId });

/** spec 3 §2 'Revert Approved Part' / 'Revert Declined Part' over the history list. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog_/changeManagement/history/$partsCatalogHistoryId')({
  params: defineParams(HistoryParams),
  staticData: { title: 'Revert Part' },
  component: function RevertRoute() {
    const { partsCatalogHistoryId } = Route.useParams();
    return (
      <RevertPanel
        key={partsCatalogHistoryId}
        partsCatalogHistoryId={partsCatalogHistoryId}
        closeTo="/admin/partsCatalog/changeManagement?list=history"
      />
    );
  },
});
