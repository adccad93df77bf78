import { defineExport, listCell } from '../kind';

interface StoredRetailer {
  retailer_number: string;
  name: string;
  retailer_type: string;
  address1: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  time_zone: string | null;
  web_enabled: boolean;
  partner_portal: boolean;
  portal_metadata_id: number | null;
  developer_name: string;
  business_unit: string;
  business_unit_number: string;
  deploy_workflow: boolean;
  deploy_dispatch: boolean;
  deploy_portal: boolean;
  plants: string[];
}

/** Retail centers with the plants that serve them. */
export const retailersExport = defineExport<StoredRetailer>({
  select: `r.retailer_number, r.name, r.retailer_type, r.address1, r.city, r.state, r.zip_code, r.phone, r.time_zone, r.web_enabled,
    r.partner_portal, r.portal_metadata_id, r.developer_name, r.business_unit, r.business_unit_number, r.deploy_workflow,
    r.deploy_dispatch, r.deploy_portal,
    ARRAY(SELECT link.plant_number FROM retailer_plants AS link WHERE link.retailer_number = r.retailer_number ORDER BY link.plant_number) AS plants`,
  from: 'retailers AS r',
  key: 'r.retailer_number',
  cells: (retailer) => ({
    retailerNumber: retailer.retailer_number,
    name: retailer.name,
    retailerType: retailer.retailer_type,
    address1: retailer.address1,
    city: retailer.city,
    state: retailer.state,
    zipCode: retailer.zip_code,
    phone: retailer.phone,
    timeZone: retailer.time_zone,
    webEnabled: retailer.web_enabled,
    partnerPortal: retailer.partner_portal,
    portalMetadataId: retailer.portal_metadata_id,
    developerName: retailer.developer_name,
    businessUnit: retailer.business_unit,
    businessUnitNumber: retailer.business_unit_number,
    deployWorkflow: retailer.deploy_workflow,
    deployDispatch: retailer.deploy_dispatch,
    deployPortal: retailer.deploy_portal,
    plants: listCell(retailer.plants),
  }),
});
