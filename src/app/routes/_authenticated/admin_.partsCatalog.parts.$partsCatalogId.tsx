import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartFormPanel } from '../../../features/parts-catalog/components/part-form-panel';
import { useSignedInUser } from '../../../features/session/api/get-profile';

const PartParams = v.object({ partsCatalogId: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/** spec 3 §2 Part Form side panel over the Parts Catalog Admin. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog/parts/$partsCatalogId')({
  params: {
    parse: (params) => {
      const parsed = v.safeParse(PartParams, params);
      if (!parsed.success) throw notFound();
      return parsed.output;
    },
    stringify: ({ partsCatalogId }) => ({ partsCatalogId: String(partsCatalogId) }),
  },
  staticData: { title: 'Part Form' },
  component: function PartFormRoute() {
    const { partsCatalogId } = Route.useParams();
    const plant = Route.useSearch({ select: (search) => search.plant });
    // The plant whose catalog shows beneath (the parent's rule): offline, the part is read from its kept catalog.
    const plants = useSignedInUser().availablePlants;
    const plantNumber = plants.find((candidate) => candidate.plantNumber === plant)?.plantNumber ?? plants[0]?.plantNumber ?? '';
    return <PartFormPanel key={partsCatalogId} partsCatalogId={partsCatalogId} plantNumber={plantNumber} closeTo={plant ? `/admin/partsCatalog?plant=${plant}` : '/admin/partsCatalog'} />;
  },
});
