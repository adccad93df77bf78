import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { portalMetadataQueryOptions } from '../../../features/session/api/get-portal-metadata';
import { PartsOrderList } from '../../../features/parts-orders/components/list/parts-order-list';
import { ServiceMainPage } from '../../../features/work-orders/components/list/service-main-page';

/** spec 3 §2 Service and Parts main page, tab 1 (parts requests). */
export const Route = createFileRoute('/_authenticated/_service/service/parts')({
  staticData: { title: 'Service & Parts' },
  component: function ServicePartsRoute() {
    const user = useSignedInUser();
    const retailerNumber = user.currentRetailer?.retailerNumber ?? null;
    // The Homeowner Portal Requests tab shows in portal mode on this tab too.
    const metadata = useQuery({ ...portalMetadataQueryOptions(retailerNumber ?? ''), enabled: retailerNumber !== null });
    return (
      <ServiceMainPage
        user={user}
        tab="parts"
        deployPortal={metadata.data?.deployPortal ?? false}
        partsTab={<PartsOrderList user={user} />}
      />
    );
  },
});
