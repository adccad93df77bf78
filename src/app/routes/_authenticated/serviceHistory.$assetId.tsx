import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { ServiceHistoryScreen } from '../../../features/service-history/components/service-history-screen';

const AssetParams = v.object({ assetId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2: /serviceHistory/{assetId} — service request lines, parts lines and the warranty card of a home. */
export const Route = createFileRoute('/_authenticated/serviceHistory/$assetId')({
  params: {
    // An id that is not a number is an unknown route (spec 1 §2: /404).
    parse: (params) => {
      const parsed = v.safeParse(AssetParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ assetId }) => ({ assetId: String(assetId) }),
  },
  staticData: { title: 'Service History' },
  component: function ServiceHistoryRoute() {
    const { assetId } = Route.useParams();
    return <ServiceHistoryScreen key={assetId} assetId={assetId} user={useSignedInUser()} />;
  },
});
