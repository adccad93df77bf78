import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { canWriteDeliveryReports } from '../../../features/delivery-reports/api/keys';
import { DeliveryReportViewScreen } from '../../../features/delivery-reports/components/report-view-screen';
import { DELIVERY_TITLES, AttachmentSearch } from '../../../features/delivery-reports/routes';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { defineParams, NumericId } from '../../route-params';

/**
 * spec 2 §2 /reports/deliveryreports/{submittedSurveyId}: the same read-only view as under /surveys, reached from the
 * Reports screen's delivery report list.
 */
export const Route = createFileRoute('/_authenticated/_delivery-reports/reports/deliveryreports/$submittedSurveyId')({
  staticData: { title: DELIVERY_TITLES.view },
  validateSearch: AttachmentSearch,
  params: defineParams(v.object({ submittedSurveyId: NumericId })),
  component: function DeliveryReportViewRoute() {
    const user = useSignedInUser();
    const { submittedSurveyId } = Route.useParams();
    const panelTarget = Route.useSearch({ select: (search) => search.attachment });
    return (
      <DeliveryReportViewScreen
        submittedSurveyId={submittedSurveyId}
        under="reports"
        canWrite={canWriteDeliveryReports(user)}
        panelTarget={panelTarget}
      />
    );
  },
});
