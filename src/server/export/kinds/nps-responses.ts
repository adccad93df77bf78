import { defineExport } from '../kind';

interface StoredNpsResponse {
  serial_number: string;
  six_month_complete_date: string;
  retailer_number: string;
  plant_number: string;
  recommend: number;
  customer_first_name: string;
  customer_last_name: string;
  comments: string;
}

export const npsResponsesExport = defineExport<StoredNpsResponse>({
  select: `n.serial_number, n.six_month_complete_date::text AS six_month_complete_date, n.retailer_number, n.plant_number, n.recommend,
    n.customer_first_name, n.customer_last_name, n.comments`,
  from: 'nps_responses AS n',
  key: 'n.id',
  cells: (response) => ({
    serialNumber: response.serial_number,
    sixMonthCompleteDate: response.six_month_complete_date,
    retailerNumber: response.retailer_number,
    plantNumber: response.plant_number,
    recommend: response.recommend,
    customerFirstName: response.customer_first_name,
    customerLastName: response.customer_last_name,
    comments: response.comments,
  }),
});
