import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { ServiceHistoryScreen } from '../../../features/service-history/components/service-history-screen';
import { defineParams, NumericId } from '../../route-params';

const AssetParams = v.object({ assetId: NumericId });

/** spec 3 §2: /serviceHistory/{assetId} — service request lines, parts lines and the warranty card of a home. */
export const Route = createFileRoute('/_authenticated/serviceHistory/$assetId')({
  params: defineParams(AssetParams),
  staticData: { title: 'Service History' },
  component: function ServiceHistoryRoute() {
    const { assetId } = Route.useParams();
    return <ServiceHistoryScreen key={assetId} assetId={assetId} user={useSignedInUser()} />;
  },
});
