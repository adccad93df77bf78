import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { canReadDeliveryReports, canWriteDeliveryReports } from '../../../features/delivery-reports/api/keys';
import { DeliveryReportViewScreen } from '../../../features/delivery-reports/components/report-view-screen';
import { DELIVERY_TITLES, AttachmentSearch } from '../../../features/delivery-reports/routes';
import { useSignedInUser } from '../../../features/session/api/get-profile';

/**
 * spec 2 §2 /surveys/deliveryreports/{submittedSurveyId}: the read-only view of a submitted report (one segment of
 * digits; two segments are a home's blank form, the sibling route).
 */
export const Route = createFileRoute('/_authenticated/surveys/deliveryreports/$submittedSurveyId')({
  staticData: { title: DELIVERY_TITLES.view },
  validateSearch: AttachmentSearch,
  beforeLoad: ({ context, params }) => {
    if (!canReadDeliveryReports(context.user)) throw redirect({ to: '/home', replace: true });
    if (!/^\d{1,9}$/.test(params.submittedSurveyId)) throw notFound();
  },
  component: function DeliveryReportViewRoute() {
    const user = useSignedInUser();
    const { submittedSurveyId } = Route.useParams();
    const panelTarget = Route.useSearch({ select: (search) => search.attachment });
    return <DeliveryReportViewScreen submittedSurveyId={Number(submittedSurveyId)} under="surveys" canWrite={canWriteDeliveryReports(user)} panelTarget={panelTarget} />;
  },
});
