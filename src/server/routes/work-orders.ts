import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { RetailerNumber, type PortalMetadata } from '../../contract';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import { route } from '../http/route';

/** work-orders: service requests and work orders (spec 3). */
export const workOrderRoutes = [
  route({
    method: 'GET',
    endpoint: { base: 'api', path: '/service/hxstatus/:retailerNumber' },
    params: v.object({ retailerNumber: RetailerNumber }),
    scope: 'retailer',
    handle: async ({ c, db, params }) => {
      const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, params.retailerNumber));
      if (!retailer) return errorResponse(404, `Retailer ${params.retailerNumber} was not found.`);
      // spec 3 §3: homeowner-portal metadata, all false or empty when the retailer has none.
      return c.json({
        id: retailer.portalMetadataId,
        developerName: retailer.developerName,
        businessUnit: retailer.businessUnit,
        businessUnitNumber: retailer.businessUnitNumber,
        deployWorkflow: retailer.deployWorkflow,
        deployDispatch: retailer.deployDispatch,
        deployPortal: retailer.deployPortal,
        partnerPortal: retailer.partnerPortal,
      } satisfies PortalMetadata);
    },
  }),
];
