import type { Facility } from '../../contract';
import { safeLinkHref } from '../../lib/formats';

/**
 * spec 1 §2 My Facilities: a company-owned retailer (type 'C') is shown the retail marketing link, an
 * independent one the independent link. Only an allowed link target (spec 1 §5) becomes a link.
 */
export const marketingLink = (facility: Facility, companyOwned: boolean): string | undefined =>
  safeLinkHref(companyOwned ? facility.marketingURLRetail : facility.marketingURLIndependent);
