import type { ApiBase } from './bases';

/** An endpoint of the spec: the base it hangs off and its path below that base. */
export interface Endpoint {
  base: ApiBase;
  path: string;
}

/** The `:name` segments of a path template, in order. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Path extends `${string}:${infer Name}`
    ? [Name]
    : [];
/** One value for each name (a mapped tuple stays a tuple only over a type parameter). */
type ParamValues<Names extends string[]> = { [K in keyof Names]: string | number };

/**
 * An endpoint with path parameters, written once: `template` is what the server routes (`/service/:serviceRequestId`),
 * and calling it builds the path the client calls, one value per parameter in the template's order, each encoded.
 */
export interface EndpointTemplate<Path extends string> {
  (...values: ParamValues<ParamNames<Path>>): Endpoint;
  readonly template: Endpoint;
}

const at = (base: ApiBase, path: string): Endpoint => ({ base, path });

const PARAM = /:[A-Za-z]+/g;

function template<Path extends string>(base: ApiBase, path: Path): EndpointTemplate<Path> {
  const build = (...values: (string | number)[]) => {
    let next = 0;
    return at(
      base,
      path.replace(PARAM, () => encodeURIComponent(String(values[next++]))),
    );
  };
  return Object.assign(build, { template: at(base, path) }) as EndpointTemplate<Path>;
}

/** The images base reads both attachment folders: GET ?folder={ServiceAttachments|SurveyAttachments}&fileName={name}. */
const imageFolders = at('images', '');

/**
 * The calls of spec 1 §7 implemented so far; paths exactly as the spec writes them. The client calls these, and every
 * server route is declared from one of them (server/http/route.ts), so that a path is written once.
 */
export const paths = {
  token: at('auth', '/api/Account/Token'),
  profile: at('auth', '/api/Account/User'),
  changeRetailer: at('auth', '/api/Account/ChangeRetailerNumber'),
  acceptTerms: at('auth', '/api/Account/Terms/'),
  logout: at('auth', '/api/Account/Logout'),
  /* One-time links and the audit trail (contract/identity.ts); not in the spec. */
  forgotPassword: at('auth', '/api/Account/ForgotPassword'),
  linkStatus: at('auth', '/api/Account/Link'),
  setPassword: at('auth', '/api/Account/SetPassword'),
  /* Two-factor sign-in (contract/two-factor.ts); not in the spec. */
  twoFactor: at('auth', '/api/Account/TwoFactor'),
  twoFactorSetup: at('auth', '/api/Account/TwoFactor/Setup'),
  twoFactorEnable: at('auth', '/api/Account/TwoFactor/Enable'),
  twoFactorDisable: at('auth', '/api/Account/TwoFactor/Disable'),
  twoFactorRecoveryCodes: at('auth', '/api/Account/TwoFactor/RecoveryCodes'),
  twoFactorVerify: at('auth', '/api/Account/TwoFactor/Verify'),
  userTwoFactorReset: at('api', '/api/User/TwoFactorReset'),
  /* Single sign-on through the organisation's OpenID Connect provider (contract/single-sign-on.ts); not in the spec. */
  singleSignOnOptions: at('auth', '/oidc/options'),
  singleSignOnStart: at('auth', '/oidc/start'),
  /** The redirect URI registered at the provider is PUBLIC_URL + this path (with the default auth base, /auth/oidc/callback). */
  singleSignOnCallback: at('auth', '/oidc/callback'),
  singleSignOnSession: at('auth', '/oidc/session'),
  userSendLink: at('api', '/api/User/SendLink'),
  auditEvents: at('api', '/api/Audit'),
  auditCsv: at('api', '/api/Audit/csv'),
  /** The time zones of retail centers and plants, GET the list and PUT /{kind}/{number} (contract/locations.ts); not in the spec. */
  locations: at('api', '/api/Locations'),
  location: template('api', '/api/Locations/:kind/:number'),
  termsDocument: at('api', '/FileStream/GetTermsOfUseDocumentDetails/'),
  account: at('api', '/Account'),
  logger: at('api', '/api/Logger'),
  support: at('api', '/Support'),
  facilities: at('api', '/Contact'),
  plantContacts: at('api', '/Contact/Plants'),
  releaseNotes: at('api', '/ReleaseNotes'),
  feedback: at('api', '/Survey/Feedback'),
  users: at('api', '/api/User/'),
  userEmailCheck: at('api', '/api/User/CheckForExistingEmail'),
  groups: at('api', '/api/Group/'),
  /** GET ?retailerNumber={n}: the retailer's type (spec 1 §7). */
  retailer: at('api', '/api/Retailer'),
  /** The plants serving a retailer (spec 1 §7: "true if non-empty"). */
  retailerFacilities: template('retailer-api', '/:retailerNumber/facilities'),
  portalMetadata: template('api', '/service/hxstatus/:retailerNumber'),
  helpDocuments: at('api', '/Documents/Help'),
  helpDocument: template('api', '/Documents/Help/:documentId'),
  /** spec 1 §5: `name` is the display name with special characters stripped (lib/help-files.ts). */
  helpPdf: template('api', '/FileStream/GetHelpDocument/:name'),
  helpPdfDownload: template('api', '/FileStream/DownloadHelpDocument/:name/'),
  helpVideo: template('api', '/FileStream/GetHelpVideo/:name'),
  /* Learn (spec 3 §7 Documents) */
  learnReferences: at('api', '/Documents/References'),
  learnReference: template('api', '/Documents/References/:documentId'),
  helpVideoCaptions: template('api', '/FileStream/GetHelpVideoCaptions/:name'),
  /* work orders (spec 3 §7 Service); {id} of a workorders path is the vantageWorkOrderId */
  createServiceRequest: at('api', '/service/CreateServiceRequest'),
  serviceRequests: at('api', '/service'),
  serviceRequest: template('api', '/service/:serviceRequestId'),
  workOrder: template('api', '/service/workorders/:workOrderId'),
  archiveWorkOrder: template('api', '/service/workorders/:workOrderId/archive'),
  submitWorkOrder: template('api', '/service/workorders/:workOrderId/submit'),
  submitServiceRequest: template('api', '/Service/:serviceRequestId/SubmitServiceRequest'),
  serviceItems: template('api', '/service/:serviceRequestId/items'),
  serviceItem: template('api', '/service/:serviceRequestId/items/:itemId'),
  workOrderLineItems: template('api', '/service/workorders/:workOrderId/lineitems'),
  workOrderLineItem: template('api', '/service/workorders/:workOrderId/lineitems/:lineItemId'),
  workOrderPartsItems: template('api', '/service/workorders/:workOrderId/partsitems'),
  workOrderPartsItem: template('api', '/service/workorders/:workOrderId/partsitems/:lineItemId'),
  servicePartsOrder: template('api', '/Service/:serviceRequestId/PartsOrder/:partsOrderId'),
  servicePartsItem: template('api', '/Service/:serviceRequestId/PartsOrder/:partsOrderId/PartsItem/:itemId'),
  serviceAttachments: template('api', '/Service/:plantNumber/:serviceRequestNumber/:serviceRequestId/ServiceAttachment'),
  serviceAttachment: template('api', '/Service/:serviceRequestId/:plantNumber/:serviceRequestNumber/ServiceAttachment/:attachmentId'),
  workOrderAttachments: template('api', '/Service/workorders/:workOrderId/attachments'),
  workOrderAttachment: template('api', '/Service/workorders/:workOrderId/attachments/:contentDocumentId'),
  unitsOfMeasure: at('api', '/Parts/UnitsOfMeasure'),
  homes: at('api', '/Homes'),
  /* homeowners and warranty cards (spec 3 §7); the spec names no path for the homeowner list, this product's is /Warranty/Homeowners */
  homeowners: at('api', '/Warranty/Homeowners'),
  /** GET ?plantNumber&serialNumber (404 when the home has no card: the form opens in add mode); POST creates, PUT updates. */
  warranty: at('api', '/Warranty'),
  assetWarranty: template('api', '/assets/:assetId/warranty'),
  /* parts orders (spec 3 §7 Parts orders); a staged order is addressed by partsOrderId, a submitted one by vantagePartsRequestId */
  partsOrders: at('api', '/parts'),
  assetPartsOrders: template('api', '/parts/asset/:assetId'),
  /** POST creates a staged order (answers it, with its partsOrderId). */
  createPartsOrder: at('api', '/Parts'),
  /** GET, PUT (ship-to), DELETE (cancel) a staged order; POST submits it. */
  partsOrder: template('api', '/Parts/:partsOrderId'),
  closePartsOrder: at('api', '/Parts/Close'),
  /** GET a submitted order; PUT records receipt marks (the incorrect-part modal). */
  vantagePartsOrder: template('api', '/Parts/vantage/:partsRequestId'),
  partsReceived: template('api', '/Parts/:plantNumber/:partsLogNumber/PartsReceived'),
  partsOrderItems: template('api', '/Parts/:partsOrderId/PartsItem'),
  partsOrderItem: template('api', '/Parts/:partsOrderId/PartsItem/:partsOrderItemId'),
  /** The retailer's ship-to locations (the spec names no path: "get retailers' shipping information"). */
  shipToLocations: at('api', '/Parts/ShipToLocations'),
  /* parts catalog (spec 3 §7 Parts catalog): GET ?plantNumber={n}[&approved=true] */
  partsCatalog: at('api', '/PartsCatalog'),
  catalogCategories: at('api', '/PartsCatalog/GetCategories'),
  catalogCommodities: at('api', '/PartsCatalog/GetCommodities'),
  /* parts catalog admin and change management (spec 3 §7 Parts catalog) */
  pendingCatalogParts: at('api', '/PartsCatalog/GetPendingParts'),
  /** GET ?partsCatalogId={id} */
  catalogChangeRequest: at('api', '/PartsCatalog/GetChangeRequest'),
  /** POST a part: submits a change (creates or updates a pending part). */
  submitCatalogPart: at('api', '/PartsCatalog'),
  updateCatalogChangeRequest: at('api', '/PartsCatalog/UpdateChangeRequest'),
  /** GET ?plantNumber&categoryNumber&commodityNumber */
  partsNotInCatalog: at('api', '/PartsCatalog/GetPartsNotInCatalog'),
  removeCatalogPart: at('api', '/PartsCatalog/RemovePartDescription'),
  catalogChangeHistory: at('api', '/PartsCatalog/GetChangeRequestHistory'),
  /** GET ?partsCatalogHistoryId={id} */
  catalogChangeResult: at('api', '/PartsCatalog/GetChangeResult'),
  /** POST the history id as the body. */
  revertCatalogChangeResult: at('api', '/PartsCatalog/RevertChangeResult'),
  /** spec 3 §3: Images/PartsCatalogImages/{file}, under the images base. */
  partsCatalogImage: template('images', '/PartsCatalogImages/:fileName'),
  /** Images base: GET ?folder=ServiceAttachments&fileName={name}. */
  serviceAttachmentImage: imageFolders,
  workOrderAttachmentImage: template('images', '/workorders/:workOrderId/attachments/:contentDocumentId'),
  /* reports (spec 2 §7 Reports) */
  openPartsOrdersReport: at('api', '/Reports/OpenPartsOrders'),
  openServiceRequestsReport: at('api', '/Reports/OpenServiceRequests'),
  /** GET ?startDate&endDate (ISO days, both required). */
  paidServiceOrdersReport: at('api', '/Reports/PaidServiceOrderReport'),
  receivableServiceOrdersReport: at('api', '/Reports/ReceivableServiceOrderReport'),
  /* NPS (spec 2 §7 NPS): each GET ?startDate&endDate (ISO days) */
  npsScores: at('api', '/NpsScores'),
  npsDetails: at('api', '/NpsDetails'),
  npsUpcomingCalls: at('api', '/NpsUpcomingCalls'),
  /* delivery reports (spec 2 §7 Delivery forms and surveys) */
  blankDeliveryForm: template('api', '/DeliveryForm/:plantNumber/:serialNumber'),
  submittedDeliveryForm: template('api', '/DeliveryForm/:submittedSurveyId'),
  /** POST the whole form; answers the submitted survey id. */
  deliveryForm: at('api', '/DeliveryForm'),
  /** GET ?surveyId=1: the delivery report list. */
  surveys: at('api', '/Survey'),
  surveyAttachments: at('api', '/Survey/SurveyAttachment'),
  surveyAttachment: template('api', '/Survey/SurveyAttachment/:surveyAttachmentId'),
  /** Images base: GET ?folder=SurveyAttachments&fileName={imageFileName}. */
  surveyAttachmentImage: imageFolders,
  /* sales (spec 2 §7); {mchQuoteApi} and {quote-api} calls as the spec writes them */
  quotes: at('api', '/Quote'),
  orders: at('api', '/order'),
  leads: at('api', '/Lead'),
  inventory: at('api', '/Inventory'),
  /** GET ?plantNumber&quoteNumber&orderNumber (order or quote detail) or ?serialNumber (home invoice). */
  salesDetail: at('api', '/Reports/Sales/'),
  /** GET ?dealerNumber&facilityNumber&quoteNumber: the home invoice with pricing, a PDF. */
  invoicePdf: at('api', '/reports/homeInvoice/pricing'),
  deleteQuote: template('mch-quote-api', '/:quoteId/:modifiedBy'),
  copyQuote: template('mch-quote-api', '/:quoteNumber/:userId/copy'),
  quoteRevisions: template('mch-quote-api', '/mycustomhomes/webapi/api/quoterevision/:quoteId'),
  unavailableOptions: template('mch-quote-api', '/:quoteNumber/unavailableoptions'),
  validateSubOptions: template('mch-quote-api', '/:quoteNumber/validatesuboptions/:plantNumber/:userId'),
  unlockQuote: template('mch-quote-api', '/set-lock-status/:quoteId/false/:userId'),
  checkLockedQuote: template('quote-api', '/check-locked-quote/:quoteId/:userId'),
  copyIseriesQuote: at('mch-quote-api', '/copyiseriesquote'),
  /* driver management (spec 3 §7 Drivers) */
  driver: template('api', '/transportation/drivers/:employeeNumber'),
  drivers: at('api', '/transportation/drivers'),
  driverTypes: at('api', '/transportation/drivertypes'),
  employeeSearch: at('api', '/transportation/hbgemployees/search'),
  /** POST { leadId }: the prospect made from a lead (spec 2 §7, /crm/webapi/api/Prospects/Lead). */
  prospectFromLead: at('crm', '/api/Prospects/Lead'),
  /** GET: the contact page of a prospect (/crm/web/prospects/{prospectId}/contactInfo). */
  prospect: template('crm', '/api/Prospects/:prospectId'),
  /** POST a file of one kind (docs/import.md) with an API key (docs/cli.md); kinds are lower-case words (homes, corporate-parts). */
  importKind: template('api', '/import/:kind'),
  /** GET: a Server-Sent Events stream naming the kept lists that changed (contract/sync.ts LIVE_CHANGES). Not in the spec. */
  liveChanges: at('api', '/sync/live'),
  /** GET: the OpenAPI 3.1 document of every route (server/openapi); public, it holds no data. Not in the spec. */
  openApi: at('api', '/openapi.json'),
} as const;
