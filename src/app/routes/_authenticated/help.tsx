import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HelpScreen } from '../../../features/help/components/help-screen';

/** ?documentId= names the document or video open in the reader; anything else opens none. */
const HelpSearch = v.object({
  documentId: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/_authenticated/help')({
  validateSearch: HelpSearch,
  staticData: { title: 'Help' },
  component: function HelpRoute() {
    return <HelpScreen selectedId={Route.useSearch({ select: (search) => search.documentId })} />;
  },
});
