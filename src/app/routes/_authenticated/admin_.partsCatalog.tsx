import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartsCatalogAdminScreen } from '../../../features/parts-catalog/components/parts-catalog-admin-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { SearchText } from '../../search-params';

/** ?plant= is the plant whose catalog shows; one that is not the user's falls back to the first facility (spec 3 §2). */
const CatalogAdminSearch = v.object({ plant: v.fallback(v.optional(SearchText), undefined) });

/**
 * spec 3 §2 Parts Catalog Admin (/admin/partsCatalog) with its Part Form side panel as a child route. Plant users
 * only (spec 1 §2 header: the link is for plant users); anyone else goes home. Not under /admin's layout, which is
 * the user administration of retail admins.
 */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog')({
  validateSearch: CatalogAdminSearch,
  staticData: { title: 'Parts Catalog Admin' },
  beforeLoad: ({ context }) => {
    if (!context.user.isPlantUser || context.user.availablePlants.length === 0) throw redirect({ to: '/home', replace: true });
  },
  component: function PartsCatalogAdminRoute() {
    const user = useSignedInUser();
    const navigate = useNavigate();
    const requested = Route.useSearch({ select: (search) => search.plant });
    const plantNumber =
      user.availablePlants.find((plant) => plant.plantNumber === requested)?.plantNumber ?? user.availablePlants[0]?.plantNumber ?? '';
    return (
      <>
        <PartsCatalogAdminScreen
          plants={user.availablePlants}
          plantNumber={plantNumber}
          onPlantChange={(plant) => void navigate({ to: '/admin/partsCatalog', search: { plant }, replace: true })}
          onOpenPart={(partsCatalogId) =>
            void navigate({ to: '/admin/partsCatalog/parts/$partsCatalogId', params: { partsCatalogId }, search: { plant: plantNumber } })
          }
        />
        <Outlet />
      </>
    );
  },
});
