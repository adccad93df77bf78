import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartApprovalPanel } from '../../../features/parts-catalog/components/part-approval-panel';
import { defineParams, NumericId } from '../../route-params';

const PendingParams = v.object({ partsCatalogId: NumericId });

/** spec 3 §2 'Part Approval Form' over the pending list. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog_/changeManagement/pending/$partsCatalogId')({
  params: defineParams(PendingParams),
  staticData: { title: 'Part Approval Form' },
  component: function PartApprovalRoute() {
    const { partsCatalogId } = Route.useParams();
    return <PartApprovalPanel key={partsCatalogId} partsCatalogId={partsCatalogId} closeTo="/admin/partsCatalog/changeManagement" />;
  },
});
