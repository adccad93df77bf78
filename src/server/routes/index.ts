import type { RouteDefinition } from '../http/route';
import { withReference } from '../openapi/reference';
import { accountRoutes } from './account';
import { adminUserRoutes } from './admin-users';
import { auditRoutes } from './audit';
import { deliveryReportRoutes } from './delivery-reports';
import { driverRoutes } from './drivers';
import { facilityRoutes } from './facilities';
import { feedbackRoutes } from './feedback';
import { helpRoutes } from './help';
import { identityRoutes } from './identity';
import { twoFactorRoutes } from './two-factor';
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
import { singleSignOnRoutes } from './single-sign-on';
import { supportRoutes } from './support';
import { unitOfMeasureRoutes } from './units-of-measure';
import { attachmentRoutes } from './work-orders/attachments';
import { partsItemRoutes } from './work-orders/parts-items';
import { serviceRequestRoutes } from './work-orders/requests';
import { serviceItemRoutes } from './work-orders/service-items';

export interface RouteArea {
  area: string;
  /** What the area holds, in a line (the API reference's tag). */
  description: string;
  routes: readonly RouteDefinition[];
}

/** The endpoints of each area (ARCHITECTURE.md "Areas"), in the order they are mounted. */
export const ROUTE_AREAS: readonly RouteArea[] = [
  {
    area: 'session',
    description: 'Sign-in, the profile, the retailer switch, terms of use and sign-out (spec 1 §4, §7).',
    routes: sessionRoutes,
  },
  { area: 'identity', description: 'Forgot password and the page a one-time link opens (invitation, reset).', routes: identityRoutes },
  {
    area: 'two-factor',
    description: 'Two-factor sign-in with TOTP: its setup in My Account, the code step after the password, an administrator’s reset.',
    routes: twoFactorRoutes,
  },
  {
    area: 'single-sign-on',
    description: 'Sign-in through the organisation’s OpenID Connect provider: the start, the redirect URI and the session it leads to.',
    routes: singleSignOnRoutes,
  },
  { area: 'account', description: 'The user’s own name and password (My Account).', routes: accountRoutes },
  {
    area: 'admin-users',
    description: 'User administration by a retail center’s administrator, and invitation links.',
    routes: adminUserRoutes,
  },
  { area: 'audit', description: 'The audit trail of identity and administration events, as a page or CSV.', routes: auditRoutes },
  { area: 'locations', description: 'The time zones of retail centers and plants.', routes: locationRoutes },
  { area: 'support', description: 'The support request form.', routes: supportRoutes },
  { area: 'retailers', description: 'A retailer’s type, and the plants serving it.', routes: retailerRoutes },
  { area: 'facilities', description: 'My Facilities and the plant contact directory.', routes: facilityRoutes },
  { area: 'release-notes', description: 'What’s new?: the release notes, newest first.', routes: releaseNoteRoutes },
  { area: 'feedback', description: 'The Feedback survey.', routes: feedbackRoutes },
  { area: 'help', description: 'The Help library: documents, PDFs, videos and their captions.', routes: helpRoutes },
  { area: 'logger', description: 'The app’s log calls.', routes: loggerRoutes },
  { area: 'homes', description: 'The homes in the user’s scope.', routes: homeRoutes },
  {
    area: 'work-orders',
    description: 'Service requests and work orders with their items, parts and attachments (spec 3).',
    routes: [...serviceRequestRoutes, ...serviceItemRoutes, ...partsItemRoutes, ...attachmentRoutes],
  },
  { area: 'images', description: 'Attachment files and delivery-report photos (the images base).', routes: imageRoutes },
  { area: 'units-of-measure', description: 'Units of measure of parts.', routes: unitOfMeasureRoutes },
  { area: 'homeowners', description: 'Homeowners and their warranty cards.', routes: homeownerRoutes },
  { area: 'parts-orders', description: 'Parts orders, their items, receipts and ship-to locations.', routes: partsOrderRoutes },
  { area: 'parts-catalog', description: 'The parts catalog of each plant, and its change management.', routes: partsCatalogRoutes },
  { area: 'quotes', description: 'Quotes, their revisions, locks and copies (spec 2).', routes: quoteRoutes },
  { area: 'orders', description: 'Sales orders.', routes: orderRoutes },
  { area: 'leads', description: 'Leads and the prospects made from them.', routes: leadRoutes },
  { area: 'inventory', description: 'The homes in stock.', routes: inventoryRoutes },
  { area: 'live-changes', description: 'The stream that names the kept lists that changed.', routes: liveChangesRoutes },
  { area: 'sales-detail', description: 'Order, quote and home invoice detail, and the invoice PDF.', routes: salesDetailRoutes },
  { area: 'reports', description: 'The open and paid report lists (spec 2 §7 Reports).', routes: reportRoutes },
  { area: 'nps', description: 'NPS scores, details and upcoming calls.', routes: npsRoutes },
  { area: 'delivery-reports', description: 'Delivery forms and their photos.', routes: deliveryReportRoutes },
  { area: 'learn', description: 'The Learn library.', routes: learnRoutes },
  { area: 'drivers', description: 'Driver management.', routes: driverRoutes },
  { area: 'import', description: 'The importer for upstream systems, with an API key (docs/import.md).', routes: importRoutes },
];

/** Every endpoint of the server, each with its area, and last GET {api}/openapi.json: their reference (server/openapi). */
export const allRoutes: readonly RouteDefinition[] = withReference(
  ROUTE_AREAS.flatMap(({ area, routes }) => routes.map((definition) => ({ ...definition, area }))),
  ROUTE_AREAS,
);
