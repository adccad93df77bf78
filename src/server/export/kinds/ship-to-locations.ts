import { defineExport } from '../kind';

interface StoredShipToLocation {
  retailer_number: string;
  position: number;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip_code: string;
}

export const shipToLocationsExport = defineExport<StoredShipToLocation>({
  select: 'l.retailer_number, l.position, l.name, l.address1, l.address2, l.city, l.state, l.zip_code',
  from: 'retailer_ship_to_locations AS l',
  key: 'l.id',
  cells: (location) => ({
    retailerNumber: location.retailer_number,
    position: location.position,
    name: location.name,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    state: location.state,
    zipCode: location.zip_code,
  }),
});
