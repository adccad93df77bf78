import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { canWriteDeliveryReports } from '../../../features/delivery-reports/api/keys';
import { DeliveryReportViewScreen } from '../../../features/delivery-reports/components/report-view-screen';
import { DELIVERY_TITLES, AttachmentSearch } from '../../../features/delivery-reports/routes';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { defineParams, NumericId } from '../../route-params';

/**
 * spec 2 §2 /surveys/deliveryreports/{submittedSurveyId}: the read-only view of a submitted report (one segment of
 * digits; two segments are a home's blank form, the sibling route).
 */
export const Route = createFileRoute('/_authenticated/_delivery-reports/surveys/deliveryreports/$submittedSurveyId')({
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
        under="surveys"
        canWrite={canWriteDeliveryReports(user)}
        panelTarget={panelTarget}
      />
    );
  },
});
