import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { RevertPanel } from '../../../features/parts-catalog/components/revert-panel';

const HistoryParams = v.object({ partsCatalogHistoryId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2 'Revert Approved Part' / 'Revert Declined Part' over the history list. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog_/changeManagement/history/$partsCatalogHistoryId')({
  params: {
    parse: (params) => {
      const parsed = v.safeParse(HistoryParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ partsCatalogHistoryId }) => ({ partsCatalogHistoryId: String(partsCatalogHistoryId) }),
  },
  staticData: { title: 'Revert Part' },
  component: function RevertRoute() {
    const { partsCatalogHistoryId } = Route.useParams();
    return <RevertPanel key={partsCatalogHistoryId} partsCatalogHistoryId={partsCatalogHistoryId} closeTo="/admin/partsCatalog/changeManagement?list=history" />;
  },
});
