import type { Retailer } from '../contract';

/** spec 1 §9: retailer numbers ending in 0 are company-owned retail centers. */
export const isCompanyOwnedCenterNumber = (retailerNumber: string) => retailerNumber.endsWith('0');

/** spec 1 §2 Header: a center is shown by name, with the city appended unless its number ends in 0. */
export function retailCenterLabel(retailer: Pick<Retailer, 'name' | 'retailerCity' | 'retailerNumber'>): string {
  const city = retailer.retailerCity.trim();
  return isCompanyOwnedCenterNumber(retailer.retailerNumber) || !city ? retailer.name : `${retailer.name} - ${city}`;
}
