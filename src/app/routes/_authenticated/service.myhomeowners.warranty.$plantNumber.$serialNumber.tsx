import { createFileRoute } from '@tanstack/react-router';
import { HOMEOWNER_TITLES } from '../../../features/homeowners/paths';
import * as v from 'valibot';
import { WarrantyPanel } from '../../../features/homeowners/components/warranty-panel';
import { useSignedInUser } from '../../../features/session/api/get-profile';
import { PlantNumber } from '../../../contract';
import { defineParams } from '../../route-params';

const WarrantyParams = v.object({ plantNumber: PlantNumber, serialNumber: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40)) });

/** spec 3 §2 /service/myhomeowners/warranty/{plantNumber}/{serialNumber}: the 'Edit Homeowner' side panel over My Homeowners. */
export const Route = createFileRoute('/_authenticated/service/myhomeowners/warranty/$plantNumber/$serialNumber')({
  params: defineParams(WarrantyParams),
  staticData: { title: HOMEOWNER_TITLES.warranty },
  component: function WarrantyPanelRoute() {
    const { plantNumber, serialNumber } = Route.useParams();
    return (
      <WarrantyPanel
        key={`${plantNumber}/${serialNumber}`}
        user={useSignedInUser()}
        plantNumber={plantNumber}
        serialNumber={serialNumber}
      />
    );
  },
});
