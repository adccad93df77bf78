import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ProspectContact } from '../../../features/leads/components/prospect-contact';
import { defineParams, NumericId } from '../../route-params';

/** spec 2 §2: where a lead's conversion lands, the new prospect's contact information. */
export const Route = createFileRoute('/_authenticated/_leads/crm/web/prospects/$prospectId/contactInfo')({
  staticData: { title: 'Contact Info' },
  params: defineParams(v.object({ prospectId: NumericId })),
  component: function ProspectRoute() {
    const { prospectId } = Route.useParams();
    return <ProspectContact prospectId={prospectId} />;
  },
});
