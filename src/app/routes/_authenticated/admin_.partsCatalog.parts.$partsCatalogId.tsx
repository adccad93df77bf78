import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartFormPanel } from '../../../features/parts-catalog/components/part-form-panel';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { defineParams, NumericId } from '../../route-params';

const PartParams = v.object({ partsCatalogId: NumericId });

/** spec 3 §2 Part Form side panel over the Parts Catalog Admin. */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog/parts/$partsCatalogId')({
  params: defineParams(PartParams),
  staticData: { title: 'Part Form' },
  component: function PartFormRoute() {
    const { partsCatalogId } = Route.useParams();
    const plant = Route.useSearch({ select: (search) => search.plant });
    // The plant whose catalog shows beneath (the parent's rule): offline, the part is read from its kept catalog.
    const plants = useSignedInUser().availablePlants;
    const plantNumber = plants.find((candidate) => candidate.plantNumber === plant)?.plantNumber ?? plants[0]?.plantNumber ?? '';
    return (
      <PartFormPanel
        key={partsCatalogId}
        partsCatalogId={partsCatalogId}
        plantNumber={plantNumber}
        closeTo={plant ? `/admin/partsCatalog?plant=${plant}` : '/admin/partsCatalog'}
      />
    );
  },
});
