import { createFileRoute } from '@tanstack/react-router';
import { InventoryScreen } from '../../../features/inventory/components/inventory-screen';
import { useSignedInUser } from '../../../features/session/api/get-profile';

/** Inventory (/sales/inventory), behind the guard of _inventory.tsx (spec 2 §6). */
export const Route = createFileRoute('/_authenticated/_inventory/sales/inventory')({
  staticData: { title: 'Inventory' },
  component: function InventoryRoute() {
    return <InventoryScreen user={useSignedInUser()} />;
  },
});
