import { defineExport, phoneText } from '../kind';

interface StoredHome {
  serial_number: string;
  plant_number: string;
  retailer_number: string;
  model_number: string;
  model_name: string;
  sections: number;
  square_footage: number;
  bedrooms: number;
  bathrooms: number;
  manufactured_date: string;
  sold_date: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  /** The warranty card's columns: all null when the home has none. */
  status_code: string | null;
  first_name: string | null;
  last_name: string | null;
  middle_initial: string | null;
  suffix: string | null;
  email_address: string | null;
  owner_address1: string | null;
  owner_address2: string | null;
  owner_city: string | null;
  owner_state: string | null;
  owner_zip_code: string | null;
  zip4: string | null;
  area_code: string | null;
  phone_number: string | null;
  cell_area_code: string | null;
  cell_phone_number: string | null;
  nps_date: string | null;
  home_phone_number: string | null;
  thermal_zone: string | null;
  wind_zone: string | null;
  roof_load: string | null;
  order_number: string | null;
  purchase_order_number: string | null;
  quote_number: string | null;
  vantage_account_id: string | null;
}

/**
 * Homes with their homeowner and warranty card. A home without a card is a row without a warrantyStatus (which an
 * import reads as "no homeowner in this file"). The owner's mailing address is written only where it is not the home's
 * own: the import takes the home's address when the row has none.
 */
export const homesExport = defineExport<StoredHome>({
  select: `h.serial_number, h.plant_number, h.retailer_number, h.model_number, h.model_name, h.sections, h.square_footage, h.bedrooms,
    h.bathrooms, h.manufactured_date::text AS manufactured_date, h.sold_date::text AS sold_date, h.address1, h.city, h.state, h.zip_code,
    card.status_code, card.first_name, card.last_name, card.middle_initial, card.suffix, card.email_address,
    card.address1 AS owner_address1, card.address2 AS owner_address2, card.city AS owner_city, card.state AS owner_state,
    card.zip_code AS owner_zip_code, card.zip4, card.area_code, card.phone_number, card.cell_area_code, card.cell_phone_number,
    card.nps_date::text AS nps_date, card.home_phone_number, card.thermal_zone, card.wind_zone, card.roof_load, card.order_number,
    card.purchase_order_number, card.quote_number, card.vantage_account_id`,
  from: 'homes AS h LEFT JOIN warranty_cards AS card ON card.home_id = h.id',
  key: 'h.id',
  cells: (home) => {
    const site = [home.address1 ?? '', home.city ?? '', home.state ?? '', home.zip_code ?? '', ''];
    const owner = [home.owner_address1, home.owner_city, home.owner_state, home.owner_zip_code, home.owner_address2];
    const mailedElsewhere = home.status_code !== null && owner.some((part, index) => part !== site[index]);
    return {
      serialNumber: home.serial_number,
      plantNumber: home.plant_number,
      retailerNumber: home.retailer_number,
      modelNumber: home.model_number,
      modelName: home.model_name,
      sections: home.sections,
      squareFootage: home.square_footage,
      bedrooms: home.bedrooms,
      bathrooms: home.bathrooms,
      manufacturedDate: home.manufactured_date,
      soldDate: home.sold_date,
      address1: home.address1,
      city: home.city,
      state: home.state,
      zipCode: home.zip_code,
      homePhone: phoneText(home.home_phone_number),
      warrantyStatus: home.status_code,
      ownerFirstName: home.first_name,
      ownerLastName: home.last_name,
      ownerMiddleInitial: home.middle_initial,
      ownerSuffix: home.suffix,
      ownerEmail: home.email_address,
      ownerPhone: phoneText(`${home.area_code ?? ''}${home.phone_number ?? ''}`),
      ownerCellPhone: phoneText(`${home.cell_area_code ?? ''}${home.cell_phone_number ?? ''}`),
      ownerAddress1: mailedElsewhere ? home.owner_address1 : null,
      ownerAddress2: mailedElsewhere ? home.owner_address2 : null,
      ownerCity: mailedElsewhere ? home.owner_city : null,
      ownerState: mailedElsewhere ? home.owner_state : null,
      ownerZipCode: mailedElsewhere ? home.owner_zip_code : null,
      ownerZip4: home.zip4,
      npsDate: home.nps_date,
      thermalZone: home.thermal_zone,
      windZone: home.wind_zone,
      roofLoad: home.roof_load,
      orderNumber: home.order_number,
      purchaseOrderNumber: home.purchase_order_number,
      quoteNumber: home.quote_number,
      vantageAccountId: home.vantage_account_id,
    };
  },
});
