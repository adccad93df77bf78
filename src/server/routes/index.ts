import type { RouteDefinition } from '../http/route';
import { accountRoutes } from './account';
import { adminUserRoutes } from './admin-users';
import { auditRoutes } from './audit';
import { deliveryReportRoutes } from './delivery-reports';
import { driverRoutes } from './drivers';
import { facilityRoutes } from './facilities';
import { feedbackRoutes } from './feedback';
import { helpRoutes } from './help';
import { identityRoutes } from './identity';
import { homeRoutes } from './homes';
import { homeownerRoutes } from './homeowners';
import { imageRoutes } from './images';
import { importRoutes } from './import';
import { inventoryRoutes } from './inventory';
import { leadRoutes } from './leads';
import { learnRoutes } from './learn';
import { locationRoutes } from './locations';
import { liveChangesRoutes } from './live-changes';
import { loggerRoutes } from './logger';
import { npsRoutes } from './nps';
import { partsCatalogRoutes } from './parts-catalog';
import { partsOrderRoutes } from './parts-orders';
import { orderRoutes } from './orders';
import { quoteRoutes } from './quotes';
import { releaseNoteRoutes } from './release-notes';
import { reportRoutes } from './reports';
import { retailerRoutes } from './retailers';
import { salesDetailRoutes } from './sales-detail';
import { sessionRoutes } from './session';
import { supportRoutes } from './support';
import { unitOfMeasureRoutes } from './units-of-measure';
import { attachmentRoutes } from './work-orders/attachments';
import { partsItemRoutes } from './work-orders/parts-items';
import { serviceRequestRoutes } from './work-orders/requests';
import { serviceItemRoutes } from './work-orders/service-items';

/** Every endpoint of the server, one module per area (ARCHITECTURE.md "Areas"). */
export const allRoutes: readonly RouteDefinition[] = [
  ...sessionRoutes,
  ...identityRoutes,
  ...accountRoutes,
  ...adminUserRoutes,
  ...auditRoutes,
  ...locationRoutes,
  ...supportRoutes,
  ...retailerRoutes,
  ...facilityRoutes,
  ...releaseNoteRoutes,
  ...feedbackRoutes,
  ...helpRoutes,
  ...loggerRoutes,
  ...homeRoutes,
  ...serviceRequestRoutes,
  ...serviceItemRoutes,
  ...partsItemRoutes,
  ...attachmentRoutes,
  ...imageRoutes,
  ...unitOfMeasureRoutes,
  ...homeownerRoutes,
  ...partsOrderRoutes,
  ...partsCatalogRoutes,
  ...quoteRoutes,
  ...orderRoutes,
  ...leadRoutes,
  ...inventoryRoutes,
  ...liveChangesRoutes,
  ...salesDetailRoutes,
  ...reportRoutes,
  ...npsRoutes,
  ...deliveryReportRoutes,
  ...learnRoutes,
  ...driverRoutes,
  ...importRoutes,
];
