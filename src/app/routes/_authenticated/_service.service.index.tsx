import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { canSeeServiceHistory } from '../../../lib/permissions';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { portalMetadataQueryOptions } from '../../../features/session/api/get-portal-metadata';
import { useServiceHistoryPriming } from '../../../features/service-history/use-history-priming';
import { useWorkOrders } from '../../../features/work-orders/api/get-work-orders';
import { ServiceMainPage } from '../../../features/work-orders/components/list/service-main-page';
import { viewScope } from '../../../entities/view-scope';

/** spec 3 §2: ?tab=portal opens the Homeowner Portal Requests tab (shown in portal mode only); anything else is tab 0. */
const ServiceSearch = v.object({ tab: v.fallback(v.optional(v.picklist(['portal'])), undefined) });

/** spec 3 §2 Service and Parts main page, tab 0 (work orders) and the Homeowner Portal Requests tab. */
export const Route = createFileRoute('/_authenticated/_service/service/')({
  validateSearch: ServiceSearch,
  staticData: { title: 'Service & Parts' },
  // spec 3 §6 / spec 1 §6: Service & Parts is for service users and service viewers.
  component: function ServiceRoute() {
    const user = useSignedInUser();
    const tab = Route.useSearch({ select: (search) => search.tab });
    const retailerNumber = user.currentRetailer?.retailerNumber ?? null;
    const metadata = useQuery({ ...portalMetadataQueryOptions(retailerNumber ?? ''), enabled: retailerNumber !== null });
    // The homes of open work orders get their service history kept on the device (the list query is the page's own).
    const workOrders = useWorkOrders(viewScope(user));
    const openHomes = useMemo(
      () => (canSeeServiceHistory(user) ? workOrders.data?.data.filter((row) => !row.isClosed).map((row) => row.assetId) : undefined),
      [user, workOrders.data],
    );
    useServiceHistoryPriming(openHomes);
    return (
      <ServiceMainPage user={user} tab={tab === 'portal' ? 'portal' : 'workOrders'} deployPortal={metadata.data?.deployPortal ?? false} />
    );
  },
});
