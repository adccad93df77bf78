import { defineExport } from '../kind';

interface StoredInventoryHome {
  serial_number: string;
  retailer_number: string;
  plant_number: string;
  stock_number: string;
  type: string;
  tdes: string;
  model_number: string;
  model_name: string;
  invoice_amount: string;
  reg: string;
  owner: string;
  wso: string;
  stocked_date: string;
  sales_date: string | null;
  po_number: string;
}

export const inventoryExport = defineExport<StoredInventoryHome>({
  select: `i.serial_number, i.retailer_number, i.plant_number, i.stock_number, i.type, i.tdes, i.model_number, i.model_name,
    i.invoice_amount::text AS invoice_amount, i.reg, i.owner, i.wso, i.stocked_date::text AS stocked_date,
    i.sales_date::text AS sales_date, i.po_number`,
  from: 'inventory_homes AS i',
  key: 'i.id',
  cells: (home) => ({
    serialNumber: home.serial_number,
    retailerNumber: home.retailer_number,
    plantNumber: home.plant_number,
    stockNumber: home.stock_number,
    type: home.type,
    sectionsDescription: home.tdes,
    modelNumber: home.model_number,
    modelName: home.model_name,
    invoiceAmount: home.invoice_amount,
    registrationState: home.reg,
    owner: home.owner,
    wso: home.wso,
    stockedDate: home.stocked_date,
    salesDate: home.sales_date,
    poNumber: home.po_number,
  }),
});
