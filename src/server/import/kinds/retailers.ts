import { formatPhoneDigits, RETAILER_IMPORT_COLUMNS, RetailerImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, missingItems } from '../kind';
import { countWrites, syncLinks, upsertRows } from '../write';

/** Retail centers by retailer number, and the plants that serve each (retailer_plants, replaced by the row's list). */
export const retailersKind = defineKind<RetailerImportRow, { plants: Set<string> }>({
  description: 'Retail centers: type, address, homeowner-portal metadata, the plants that serve them.',
  columns: RETAILER_IMPORT_COLUMNS,
  schema: RetailerImportRow,
  keyField: 'retailerNumber',
  keyOf: (row) => row.retailerNumber,
  loadReferences: async (db) => ({
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
  }),
  check: (row, { refs }) => missingItems('plants', row.plants, (plant) => refs.plants.has(plant), 'plant'),
  write: async (db, rows) => {
    const written = await upsertRows(
      db,
      {
        table: 'retailers',
        input: [
          ['retailer_number', 'text'], ['name', 'text'], ['retailer_type', 'text'], ['address1', 'text'], ['city', 'text'], ['state', 'text'],
          ['zip_code', 'text'], ['phone', 'text'], ['web_enabled', 'boolean'], ['portal_metadata_id', 'integer'], ['developer_name', 'text'],
          ['business_unit', 'text'], ['business_unit_number', 'text'], ['deploy_workflow', 'boolean'], ['deploy_dispatch', 'boolean'],
          ['deploy_portal', 'boolean'], ['partner_portal', 'boolean'],
        ],
        insert: [
          'retailer_number', 'name', 'retailer_type', 'address1', 'city', 'state', 'zip_code', 'phone', 'web_enabled', 'portal_metadata_id',
          'developer_name', 'business_unit', 'business_unit_number', 'deploy_workflow', 'deploy_dispatch', 'deploy_portal', 'partner_portal',
        ],
        conflict: '("retailer_number")',
        update: [
          'name', 'retailer_type', 'address1', 'city', 'state', 'zip_code', 'phone', 'web_enabled', 'portal_metadata_id', 'developer_name',
          'business_unit', 'business_unit_number', 'deploy_workflow', 'deploy_dispatch', 'deploy_portal', 'partner_portal',
        ],
        key: 'target.retailer_number',
      },
      rows.map((row) => ({
        retailer_number: row.retailerNumber,
        name: row.name,
        retailer_type: row.retailerType,
        address1: row.address1,
        city: row.city,
        state: row.state,
        zip_code: row.zipCode,
        phone: row.phone === undefined ? '' : formatPhoneDigits(row.phone),
        web_enabled: row.webEnabled,
        portal_metadata_id: row.portalMetadataId ?? null,
        developer_name: row.developerName,
        business_unit: row.businessUnit,
        business_unit_number: row.businessUnitNumber,
        deploy_workflow: row.deployWorkflow,
        deploy_dispatch: row.deployDispatch,
        deploy_portal: row.deployPortal,
        partner_portal: row.partnerPortal,
      })),
    );
    const plantsChanged = await syncLinks(
      db,
      { table: 'retailer_plants', owner: ['retailer_number', 'text'], value: ['plant_number', 'text'] },
      rows.map((row) => row.retailerNumber),
      rows.flatMap((row) => row.plants.map((plant) => [row.retailerNumber, plant] as const)),
    );
    return countWrites(written, plantsChanged);
  },
});
