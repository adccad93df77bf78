import { defineExport } from '../kind';

interface StoredPlant {
  plant_number: string;
  name: string;
  print_name: string;
  serial_prefix: string;
  marketing_url_retail: string;
  marketing_url_independent: string;
  address1: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  email: string;
  time_zone: string | null;
  mileage_rate: string | null;
  one_man_service_rate: string | null;
  two_man_service_rate: string | null;
  driver_rate: string | null;
}

/** Plants with their service rates (empty when the plant has none: an import then leaves them as they are). */
export const plantsExport = defineExport<StoredPlant>({
  select: `p.plant_number, p.name, p.print_name, p.serial_prefix, p.marketing_url_retail, p.marketing_url_independent, p.address1,
    p.city, p.state, p.zip_code, p.phone, p.email, p.time_zone, rates.mileage_rate::text AS mileage_rate,
    rates.one_man_service_rate::text AS one_man_service_rate, rates.two_man_service_rate::text AS two_man_service_rate,
    rates.driver_rate::text AS driver_rate`,
  from: 'plants AS p LEFT JOIN plant_service_rates AS rates ON rates.plant_number = p.plant_number',
  key: 'p.plant_number',
  cells: (plant) => ({
    plantNumber: plant.plant_number,
    name: plant.name,
    printName: plant.print_name,
    serialPrefix: plant.serial_prefix,
    marketingUrlRetail: plant.marketing_url_retail,
    marketingUrlIndependent: plant.marketing_url_independent,
    address1: plant.address1,
    city: plant.city,
    state: plant.state,
    zipCode: plant.zip_code,
    phone: plant.phone,
    email: plant.email,
    timeZone: plant.time_zone,
    mileageRate: plant.mileage_rate,
    oneManServiceRate: plant.one_man_service_rate,
    twoManServiceRate: plant.two_man_service_rate,
    driverRate: plant.driver_rate,
  }),
});
