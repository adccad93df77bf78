import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartApprovalPanel } from '../../../features/parts-catalog/components/part-approval-panel';

const PendingParams = v.object({ partsCatalogId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2 'Part Approval Form' over the pending list. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog_/changeManagement/pending/$partsCatalogId')({
  params: {
    parse: (params) => {
      const parsed = v.safeParse(PendingParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ partsCatalogId }) => ({ partsCatalogId: String(partsCatalogId) }),
  },
  staticData: { title: 'Part Approval Form' },
  component: function PartApprovalRoute() {
    const { partsCatalogId } = Route.useParams();
    return <PartApprovalPanel key={partsCatalogId} partsCatalogId={partsCatalogId} closeTo="/admin/partsCatalog/changeManagement" />;
  },
});
