import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { defineParams, RouteSegment } from '../../route-params';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { RequestLookup } from '../../../features/work-orders/components/review/request-lookup';
import { viewScope } from '../../../entities/view-scope';

/**
 * spec 3 §2: /servicerequests/{plantNumber}/{serviceRequestNumber}. The router cannot tell two dynamic first
 * segments apart, so this lives under /servicerequests/$serviceRequestId: here that segment is the plant number.
 */
export const Route = createFileRoute('/_authenticated/_service/servicerequests/$serviceRequestId/$plantNumber/')({
  params: defineParams(v.object({ plantNumber: RouteSegment })),
  staticData: { title: 'Work Order' },
  component: function ServiceRequestByNumber() {
    const { serviceRequestId: plantNumber, plantNumber: requestNumber } = Route.useParams();
    return <RequestLookup plantNumber={plantNumber} requestNumber={requestNumber} scope={viewScope(useSignedInUser())} />;
  },
});
