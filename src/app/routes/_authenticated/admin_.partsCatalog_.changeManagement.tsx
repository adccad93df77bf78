import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { ChangeManagementScreen } from '../../../features/parts-catalog/components/change-management-screen';
import { deriveFlags } from '../../../lib/permissions';

/** ?list=history shows the history list; the pending list is the default (spec 3 §2). */
const ChangeManagementSearch = v.object({ list: v.fallback(v.optional(v.picklist(['pending', 'history'])), undefined) });

/**
 * spec 3 §2 Parts Catalog Change Management (/admin/partsCatalog/changeManagement) with the approval and revert
 * panels as child routes. Change managers (Parts_Catalog_Change_Admin, spec 3 §6) only; anyone else goes home.
 */
export const Route = createFileRoute('/_authenticated/admin_/partsCatalog_/changeManagement')({
  validateSearch: ChangeManagementSearch,
  staticData: { title: 'Parts Catalog Change Management' },
  beforeLoad: ({ context }) => {
    if (!deriveFlags(context.user).isPartsCatalogChangeManager) throw redirect({ to: '/home', replace: true });
  },
  component: function ChangeManagementRoute() {
    const navigate = useNavigate();
    const list = Route.useSearch({ select: (search) => search.list }) ?? 'pending';
    return (
      <>
        <ChangeManagementScreen
          list={list}
          onListChange={(next) =>
            void navigate({ to: '/admin/partsCatalog/changeManagement', search: next === 'history' ? { list: next } : {}, replace: true })
          }
          onOpenPending={(partsCatalogId) =>
            void navigate({ to: '/admin/partsCatalog/changeManagement/pending/$partsCatalogId', params: { partsCatalogId }, search: {} })
          }
          onOpenHistory={(partsCatalogHistoryId) =>
            void navigate({
              to: '/admin/partsCatalog/changeManagement/history/$partsCatalogHistoryId',
              params: { partsCatalogHistoryId },
              search: { list: 'history' },
            })
          }
        />
        <Outlet />
      </>
    );
  },
});
