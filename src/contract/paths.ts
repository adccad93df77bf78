import type { ApiBase } from './bases';

/** An endpoint of the spec: the base it hangs off and its path below that base. */
export interface Endpoint {
  base: ApiBase;
  path: string;
}

const at = (base: ApiBase, path: string): Endpoint => ({ base, path });

/** The calls of spec 1 §7 implemented so far; paths exactly as the spec writes them. */
export const paths = {
  token: at('auth', '/api/Account/Token'),
  profile: at('auth', '/api/Account/User'),
  changeRetailer: at('auth', '/api/Account/ChangeRetailerNumber'),
  acceptTerms: at('auth', '/api/Account/Terms/'),
  logout: at('auth', '/api/Account/Logout'),
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
  portalMetadata: (retailerNumber: string) => at('api', `/service/hxstatus/${encodeURIComponent(retailerNumber)}`),
  helpDocuments: at('api', '/Documents/Help'),
  helpDocument: (documentId: number) => at('api', `/Documents/Help/${documentId}`),
  /** spec 1 §5: `name` is the display name with special characters stripped (lib/help-files.ts). */
  helpPdf: (name: string) => at('api', `/FileStream/GetHelpDocument/${encodeURIComponent(name)}`),
  helpPdfDownload: (name: string) => at('api', `/FileStream/DownloadHelpDocument/${encodeURIComponent(name)}/`),
  helpVideo: (name: string) => at('api', `/FileStream/GetHelpVideo/${encodeURIComponent(name)}`),
  /* Learn (spec 3 §7 Documents) */
  learnReferences: at('api', '/Documents/References'),
  learnReference: (documentId: number | string) => at('api', `/Documents/References/${documentId}`),
  helpVideoCaptions: (name: string) => at('api', `/FileStream/GetHelpVideoCaptions/${encodeURIComponent(name)}`),
  /* work orders (spec 3 §7 Service); {id} of a workorders path is the vantageWorkOrderId */
  createServiceRequest: at('api', '/service/CreateServiceRequest'),
  serviceRequests: at('api', '/service'),
  serviceRequest: (serviceRequestId: number | string) => at('api', `/service/${serviceRequestId}`),
  workOrder: (workOrderId: number | string) => at('api', `/service/workorders/${workOrderId}`),
  archiveWorkOrder: (workOrderId: number | string) => at('api', `/service/workorders/${workOrderId}/archive`),
  submitWorkOrder: (workOrderId: number | string) => at('api', `/service/workorders/${workOrderId}/submit`),
  submitServiceRequest: (serviceRequestId: number | string) => at('api', `/Service/${serviceRequestId}/SubmitServiceRequest`),
  serviceItems: (serviceRequestId: number | string) => at('api', `/service/${serviceRequestId}/items`),
  serviceItem: (serviceRequestId: number | string, itemId: number | string) => at('api', `/service/${serviceRequestId}/items/${itemId}`),
  workOrderLineItems: (workOrderId: number | string) => at('api', `/service/workorders/${workOrderId}/lineitems`),
  workOrderLineItem: (workOrderId: number | string, lineItemId: number | string) => at('api', `/service/workorders/${workOrderId}/lineitems/${lineItemId}`),
  workOrderPartsItems: (workOrderId: number | string) => at('api', `/service/workorders/${workOrderId}/partsitems`),
  workOrderPartsItem: (workOrderId: number | string, lineItemId: number | string) => at('api', `/service/workorders/${workOrderId}/partsitems/${lineItemId}`),
  servicePartsOrder: (serviceRequestId: number | string, partsOrderId: number | string) => at('api', `/Service/${serviceRequestId}/PartsOrder/${partsOrderId}`),
  servicePartsItem: (serviceRequestId: number | string, partsOrderId: number | string, itemId: number | string) =>
    at('api', `/Service/${serviceRequestId}/PartsOrder/${partsOrderId}/PartsItem/${itemId}`),
  serviceAttachments: (plantNumber: string, serviceRequestNumber: string, serviceRequestId: number | string) =>
    at('api', `/Service/${encodeURIComponent(plantNumber)}/${encodeURIComponent(serviceRequestNumber)}/${serviceRequestId}/ServiceAttachment`),
  serviceAttachment: (serviceRequestId: number | string, plantNumber: string, serviceRequestNumber: string, attachmentId: number | string) =>
    at('api', `/Service/${serviceRequestId}/${encodeURIComponent(plantNumber)}/${encodeURIComponent(serviceRequestNumber)}/ServiceAttachment/${attachmentId}`),
  workOrderAttachments: (workOrderId: number | string) => at('api', `/Service/workorders/${workOrderId}/attachments`),
  workOrderAttachment: (workOrderId: number | string, contentDocumentId: string) =>
    at('api', `/Service/workorders/${workOrderId}/attachments/${encodeURIComponent(contentDocumentId)}`),
  unitsOfMeasure: at('api', '/Parts/UnitsOfMeasure'),
  homes: at('api', '/Homes'),
  /* homeowners and warranty cards (spec 3 §7); the spec names no path for the homeowner list, this product's is /Warranty/Homeowners */
  homeowners: at('api', '/Warranty/Homeowners'),
  /** GET ?plantNumber&serialNumber (404 when the home has no card: the form opens in add mode); POST creates, PUT updates. */
  warranty: at('api', '/Warranty'),
  assetWarranty: (assetId: number | string) => at('api', `/assets/${assetId}/warranty`),
  /* parts orders (spec 3 §7 Parts orders); a staged order is addressed by partsOrderId, a submitted one by vantagePartsRequestId */
  partsOrders: at('api', '/parts'),
  assetPartsOrders: (assetId: number | string) => at('api', `/parts/asset/${assetId}`),
  /** POST creates a staged order (answers it, with its partsOrderId). */
  createPartsOrder: at('api', '/Parts'),
  /** GET, PUT (ship-to), DELETE (cancel) a staged order; POST submits it. */
  partsOrder: (partsOrderId: number | string) => at('api', `/Parts/${partsOrderId}`),
  closePartsOrder: at('api', '/Parts/Close'),
  /** GET a submitted order; PUT records receipt marks (the incorrect-part modal). */
  vantagePartsOrder: (partsRequestId: number | string) => at('api', `/Parts/vantage/${partsRequestId}`),
  partsReceived: (plantNumber: string, partsLogNumber: string) =>
    at('api', `/Parts/${encodeURIComponent(plantNumber)}/${encodeURIComponent(partsLogNumber)}/PartsReceived`),
  partsOrderItems: (partsOrderId: number | string) => at('api', `/Parts/${partsOrderId}/PartsItem`),
  partsOrderItem: (partsOrderId: number | string, partsOrderItemId: number | string) => at('api', `/Parts/${partsOrderId}/PartsItem/${partsOrderItemId}`),
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
  partsCatalogImage: (fileName: string) => at('images', `/PartsCatalogImages/${encodeURIComponent(fileName)}`),
  /** Images base: GET ?folder=ServiceAttachments&fileName={name}. */
  serviceAttachmentImage: at('images', ''),
  workOrderAttachmentImage: (workOrderId: number | string, contentDocumentId: string) =>
    at('images', `/workorders/${workOrderId}/attachments/${encodeURIComponent(contentDocumentId)}`),
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
  blankDeliveryForm: (plantNumber: string, serialNumber: string) => at('api', `/DeliveryForm/${encodeURIComponent(plantNumber)}/${encodeURIComponent(serialNumber)}`),
  submittedDeliveryForm: (submittedSurveyId: number | string) => at('api', `/DeliveryForm/${submittedSurveyId}`),
  /** POST the whole form; answers the submitted survey id. */
  deliveryForm: at('api', '/DeliveryForm'),
  /** GET ?surveyId=1: the delivery report list. */
  surveys: at('api', '/Survey'),
  surveyAttachments: at('api', '/Survey/SurveyAttachment'),
  surveyAttachment: (surveyAttachmentId: number | string) => at('api', `/Survey/SurveyAttachment/${surveyAttachmentId}`),
  /** Images base: GET ?folder=SurveyAttachments&fileName={imageFileName}. */
  surveyAttachmentImage: at('images', ''),
  /* sales (spec 2 §7); {mchQuoteApi} and {quote-api} calls as the spec writes them */
  quotes: at('api', '/Quote'),
  orders: at('api', '/order'),
  leads: at('api', '/Lead'),
  inventory: at('api', '/Inventory'),
  /** GET ?plantNumber&quoteNumber&orderNumber (order or quote detail) or ?serialNumber (home invoice). */
  salesDetail: at('api', '/Reports/Sales/'),
  /** GET ?dealerNumber&facilityNumber&quoteNumber: the home invoice with pricing, a PDF. */
  invoicePdf: at('api', '/reports/homeInvoice/pricing'),
  deleteQuote: (quoteId: number | string, modifiedBy: number | string) => at('mch-quote-api', `/${quoteId}/${modifiedBy}`),
  copyQuote: (quoteNumber: string, userId: number | string) => at('mch-quote-api', `/${encodeURIComponent(quoteNumber)}/${userId}/copy`),
  quoteRevisions: (quoteId: number | string) => at('mch-quote-api', `/mycustomhomes/webapi/api/quoterevision/${quoteId}`),
  unavailableOptions: (quoteNumber: string) => at('mch-quote-api', `/${encodeURIComponent(quoteNumber)}/unavailableoptions`),
  validateSubOptions: (quoteNumber: string, plantNumber: string, userId: number | string) =>
    at('mch-quote-api', `/${encodeURIComponent(quoteNumber)}/validatesuboptions/${encodeURIComponent(plantNumber)}/${userId}`),
  unlockQuote: (quoteId: number | string, userId: number | string) => at('mch-quote-api', `/set-lock-status/${quoteId}/false/${userId}`),
  checkLockedQuote: (quoteId: number | string, userId: number | string) => at('quote-api', `/check-locked-quote/${quoteId}/${userId}`),
  copyIseriesQuote: at('mch-quote-api', '/copyiseriesquote'),
  /* driver management (spec 3 §7 Drivers) */
  driver: (employeeNumber: string) => at('api', `/transportation/drivers/${encodeURIComponent(employeeNumber)}`),
  drivers: at('api', '/transportation/drivers'),
  driverTypes: at('api', '/transportation/drivertypes'),
  employeeSearch: at('api', '/transportation/hbgemployees/search'),
  /** POST { leadId }: the prospect made from a lead (spec 2 §7, /crm/webapi/api/Prospects/Lead). */
  prospectFromLead: at('crm', '/api/Prospects/Lead'),
  /** GET: the contact page of a prospect (/crm/web/prospects/{prospectId}/contactInfo). */
  prospect: (prospectId: number | string) => at('crm', `/api/Prospects/${prospectId}`),
  /** POST a file of one kind (docs/import.md) with an API key (docs/cli.md); kinds are lower-case words (homes, corporate-parts). */
  importKind: (kind: string) => at('api', `/import/${kind}`),
} as const;
