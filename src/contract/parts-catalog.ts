import * as v from 'valibot';
import { PlantNumber } from './common';
import { Int, RequiredText, Text } from './text';
import { SyncQueryFields } from './sync';

/*
 * The parts catalog of a plant (spec 3 §3 Parts catalog), as the read-only approved catalog shows it
 * when a part is picked onto a parts item (spec 3 §2, §5). The admin and change-management calls come
 * with their own screens.
 */

/** The server's answers where the spec gives no wording (spec 3 §8: no catalog error handling is shown). */
export const PARTS_CATALOG_MESSAGES = {
  plantNotYours: 'That plant is not one of yours.',
  wholeCatalogNotYours: 'Pending and inactive parts are for plant users and catalog change admins; ask for approved=true.',
  imageNotFound: 'Image was not found.',
  imageNameInvalid: 'Image names are a file name with an image extension.',
} as const;

export interface CatalogCategory {
  categoryNumber: string;
  description: string;
}

export interface CatalogCommodity {
  commodityNumber: string;
  description: string;
}

/** spec 3 §3 Part (base64Image is sent only with a change request, never in a catalog). */
export interface CatalogPart {
  partsCatalogId: number;
  categoryNumber: string;
  categoryDescription: string;
  commodityNumber: string;
  commodityDescription: string;
  subPartNumber: string;
  subPartDescription: string;
  partNumber: string;
  notes: string;
  friendlyDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
  combinedPartNumber: string;
  imageFilename: string;
  approved: boolean;
  createDate: string;
  createdBy: string;
  plantNumber: string;
  active: boolean;
  isActiveAndApproved: boolean;
}

/** A part as the catalog's delta sync delivers it (contract/sync.ts): flat, with its commodity's image. */
export interface CatalogPartRow extends CatalogPart {
  commodityImageFilename: string;
}

export interface CommodityCatalog {
  commodity: CatalogCommodity;
  imageFilename: string;
  parts: CatalogPart[];
}

export interface CategoryCatalog {
  category: CatalogCategory;
  commodityCatalogs: CommodityCatalog[];
}

/** spec 3 §3: parts catalog (plantNumber, categoryCatalogs) → category catalogs → commodity catalogs → parts. */
export interface PartsCatalog {
  plantNumber: string;
  categoryCatalogs: CategoryCatalog[];
}

/** GET /PartsCatalog?plantNumber={n}[&approved=true] */
export const PartsCatalogQuery = v.object({
  plantNumber: PlantNumber,
  approved: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'approved must be true or false.'),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
  ...SyncQueryFields,
});

export const CategoriesQuery = v.object({ plantNumber: PlantNumber });
export const CommoditiesQuery = v.object({
  plantNumber: PlantNumber,
  categoryNumber: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Category number must be digits.')),
});

/** The image file names the catalog stores: a name and an image extension, nothing that could climb out of the folder. */
export const CATALOG_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(png|jpe?g|gif|svg|webp)$/i;
/** spec 3 §3: a part without an image file shows this placeholder (served from the same folder). */
export const CATALOG_PLACEHOLDER_IMAGE = 'placeholder.svg';
export const catalogImageName = (imageFilename: string | null | undefined) =>
  imageFilename && imageFilename.trim() ? imageFilename.trim() : CATALOG_PLACEHOLDER_IMAGE;

/** spec 3 §5: an empty friendly description coming back in a list is treated as unset. */
export const partDescription = (part: Pick<CatalogPart, 'friendlyDescription' | 'corporateDescription'>) =>
  part.friendlyDescription.trim() || part.corporateDescription.trim();

/**
 * spec 3 §5 Parts item: a part picked from the catalog fills the item; unit of measure and description
 * are locked when the catalog supplies them. Clearing the pick resets the item (the form's job).
 */
export function itemFieldsFromCatalog(part: CatalogPart) {
  const description = partDescription(part);
  const unitOfMeasure = part.unitOfMeasure.trim();
  return {
    fields: {
      categoryNumber: part.categoryNumber,
      commodityNumber: part.commodityNumber,
      partNumber: part.partNumber,
      partDescription: description,
      unitOfMeasure,
    },
    locked: { partDescription: description !== '', unitOfMeasure: unitOfMeasure !== '' },
  };
}

/** Every part of a catalog, flat, in catalog order (for search and for keeping offline). */
export const catalogParts = (catalog: PartsCatalog): CatalogPart[] =>
  catalog.categoryCatalogs.flatMap((category) => category.commodityCatalogs.flatMap((commodity) => commodity.parts));

/** The flat rows of a catalog tree, each with its commodity's image: the shape a plant's catalog is kept in on the device. */
export const catalogPartRows = (catalog: PartsCatalog): CatalogPartRow[] =>
  catalog.categoryCatalogs.flatMap((category) =>
    category.commodityCatalogs.flatMap((commodity) =>
      commodity.parts.map((part) => ({ ...part, commodityImageFilename: commodity.imageFilename })),
    ),
  );

export const CatalogPartRowAnswer = v.pipe(
  v.looseObject({
    partsCatalogId: v.number(),
    plantNumber: v.string(),
    categoryNumber: v.string(),
    commodityNumber: v.string(),
    partNumber: v.string(),
  }),
  v.transform((row) => row as unknown as CatalogPartRow),
);
export const PartsCatalogAnswer = v.pipe(
  v.looseObject({
    plantNumber: v.string(),
    categoryCatalogs: v.array(v.looseObject({ category: v.looseObject({ categoryNumber: v.string() }) })),
  }),
  v.transform((catalog) => catalog as unknown as PartsCatalog),
);

/* ---- parts catalog admin and change management (spec 3 §2, §4, §5, §7; issue 13) ---- */

/** spec 3 §5, §7: the screens' texts, confirmations and toasts, verbatim. */
export const CATALOG_ADMIN_TEXT = {
  adminTitle: 'Parts Catalog Admin',
  changeManagementTitle: 'Parts Catalog Change Management',
  partForm: 'Part Form',
  approvalForm: 'Part Approval Form',
  revertApproved: 'Revert Approved Part',
  revertDeclined: 'Revert Declined Part',
  searchCommodities: 'Search Commodities...',
  searchCommodity: (commodity: string) => `Search ${commodity}...`,
  selectCategory: 'Please select category',
  selectCommodity: 'Please select a commodity',
  selectPart: 'Please select a part',
  confirmRemove: 'Are you sure you want to remove this part?',
  confirmRevert: 'Do you wish to continue?',
  revertHeader: 'Reverting',
  submitted: (combinedPartNumber: string) => `Change Request for part: ${combinedPartNumber} has been submitted!`,
  approved: (combinedPartNumber: string) => `Part ${combinedPartNumber} has been successfully changed!`,
  declined: (combinedPartNumber: string) => `Request to change ${combinedPartNumber} has been successfully declined!`,
  removed: (combinedPartNumber: string) => `Part ${combinedPartNumber} has been successfully removed from your catalog!`,
} as const;

/** spec 3 §5: the three revert-blocking messages. */
export const REVERT_BLOCKING_MESSAGES = {
  noLongerApproved: 'Cannot revert this request. Requested part is no longer Approved.',
  nowApproved: 'Cannot revert this request. Requested part is now Approved.',
  activePending: (plantNumber: string) => `Plant ${plantNumber} has an active pending for this part. Please resolve first.`,
} as const;

/** The server's answers where the spec gives no wording (spec 3 §8 shows no catalog error handling). */
export const CATALOG_ADMIN_MESSAGES = {
  plantUsersOnly: 'The parts catalog admin is for plant users.',
  changeManagersOnly: 'Change requests are reviewed by parts catalog change managers.',
  friendlyDescriptionRequired: 'A friendly description is required.',
  partNotFound: 'That part is not in the catalog.',
  historyNotFound: 'That change request was not found.',
  notCorporatePart: 'That part is not in the corporate parts list.',
  notPending: 'That part has no pending change request.',
  notReviewed: 'That change request has not been reviewed yet.',
  alreadyReverted: 'That change request has already been reverted.',
  alreadyRemoved: 'That part is no longer in the catalog.',
  imageInvalid: 'The image must be a JPEG, PNG or GIF, sent as base64 without the data-URL prefix.',
  imageTooLarge: 'The image can be no larger than 5 MB.',
  partsCatalogIdInvalid: 'partsCatalogId must be a part id.',
  historyIdInvalid: 'The body must be a change history id.',
  numberInvalid: 'Must be digits.',
} as const;

/** Largest catalog image accepted (decoded bytes); the body of POST /PartsCatalog allows its base64 and the fields. */
export const MAX_CATALOG_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_CATALOG_PART_BODY_BYTES = Math.ceil(MAX_CATALOG_IMAGE_BYTES / 3) * 4 + 64 * 1024;

/** spec 3 §4: Approved when active and approved; Pending when active and not approved; otherwise InActive. */
export type PartDisplayStatus = 'Approved' | 'Pending' | 'InActive';
export function partDisplayStatus(part: Pick<CatalogPart, 'active' | 'approved'>): PartDisplayStatus {
  if (part.active && part.approved) return 'Approved';
  if (part.active) return 'Pending';
  return 'InActive';
}

/** spec 3 §3 Change request: the part as approved (absent for a new part), the pending one, and its review. */
export interface CatalogChangeRequest {
  approvedPart: CatalogPart | null;
  pendingPart: CatalogPart;
  isApproved: boolean;
  comment: string;
}

/** What a change history row says (approved null: not reviewed yet; a reverted one says so). */
export type ChangeHistoryStatus = 'Pending' | 'Approved' | 'Declined' | 'Reverted';
export function changeHistoryStatus(item: { approved: boolean | null; revertedDate: string | null }): ChangeHistoryStatus {
  if (item.revertedDate) return 'Reverted';
  if (item.approved === null) return 'Pending';
  return item.approved ? 'Approved' : 'Declined';
}

/** spec 3 §3 Change history item (status and revertedDate added: the history list's Status column). */
export interface ChangeHistoryItem {
  partsCatalogHistoryId: number;
  requestedPartsCatalogId: number;
  previouspartsCatalogId: number | null;
  combinedPartNumber: string;
  subPartNumber: string;
  requestedByPlant: string;
  requestedByUser: string;
  requestDate: string;
  reviewedBy: string;
  reviewDate: string | null;
  approved: boolean | null;
  comment: string;
  revertedDate: string | null;
  status: ChangeHistoryStatus;
  /** The requested part's description (friendly, else corporate), for the list's search. */
  partDescription: string;
}

/** spec 3 §3 Change result (plus the history row's own fields the revert form shows). */
export interface ChangeResult {
  partsCatalogHistoryId: number;
  approved: boolean | null;
  requestedPart: CatalogPart;
  previousPart: CatalogPart | null;
  requestedByPlant: string;
  hasActivePending: boolean;
  reverted: boolean;
  comment: string;
  reviewedBy: string;
  reviewDate: string | null;
}

/**
 * spec 3 §4 revert rules, the blocking ones: the message that stops a revert, or null when it may go ahead.
 * An approved request whose requested part is no longer Approved, a declined one whose requested part is now
 * Approved, and any request while the requesting plant has an active pending for the part.
 */
export function revertBlockingMessage(
  result: Pick<ChangeResult, 'approved' | 'requestedPart' | 'requestedByPlant' | 'hasActivePending'>,
): string | null {
  const requestedStatus = partDisplayStatus(result.requestedPart);
  if (result.approved === true && requestedStatus !== 'Approved') return REVERT_BLOCKING_MESSAGES.noLongerApproved;
  if (result.approved === false && requestedStatus === 'Approved') return REVERT_BLOCKING_MESSAGES.nowApproved;
  if (result.hasActivePending) return REVERT_BLOCKING_MESSAGES.activePending(result.requestedByPlant);
  return null;
}

/** spec 3 §4: what a revert does, by the request's decision and whether it replaced a previous part. */
export type RevertEffect = 'restore-previous' | 'remove-and-pend' | 'pend';
export const revertEffectOf = (result: Pick<ChangeResult, 'approved' | 'previousPart'>): RevertEffect =>
  result.approved ? (result.previousPart ? 'restore-previous' : 'remove-and-pend') : 'pend';

/** A corporate part the plant's catalog does not hold (GET /PartsCatalog/GetPartsNotInCatalog). */
export interface NotInCatalogPart {
  plantNumber: string;
  categoryNumber: string;
  categoryDescription: string;
  commodityNumber: string;
  commodityDescription: string;
  partNumber: string;
  subPartNumber: string;
  subPartDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
  combinedPartNumber: string;
}

/** spec 3 §3: a part's combined number (category, commodity and part numbers written together). */
export const combinedPartNumberOf = (part: Pick<CatalogPart, 'categoryNumber' | 'commodityNumber' | 'partNumber'>) =>
  `${part.categoryNumber}${part.commodityNumber}${part.partNumber}`;

const CatalogNumber = v.pipe(v.string(CATALOG_ADMIN_MESSAGES.numberInvalid), v.regex(/^\d{1,10}$/, CATALOG_ADMIN_MESSAGES.numberInvalid));
const SubPartNumber = v.pipe(
  v.nullish(v.string(), ''),
  v.transform((value) => value ?? ''),
  v.regex(/^\d{0,10}$/, CATALOG_ADMIN_MESSAGES.numberInvalid),
);
const PartsCatalogId = Int(CATALOG_ADMIN_MESSAGES.partsCatalogIdInvalid, 1);
const IdText = v.pipe(
  v.string(CATALOG_ADMIN_MESSAGES.partsCatalogIdInvalid),
  v.regex(/^\d{1,9}$/, CATALOG_ADMIN_MESSAGES.partsCatalogIdInvalid),
  v.transform(Number),
);

/** The base64 of an image, no data-URL prefix (spec 3 §5); its content is checked on the server. */
const Base64Image = v.pipe(
  v.string(CATALOG_ADMIN_MESSAGES.imageInvalid),
  v.regex(/^[A-Za-z0-9+/]*={0,2}$/, CATALOG_ADMIN_MESSAGES.imageInvalid),
  v.maxLength(Math.ceil(MAX_CATALOG_IMAGE_BYTES / 3) * 4, CATALOG_ADMIN_MESSAGES.imageTooLarge),
);

/**
 * POST /PartsCatalog: a change of one part of a plant's catalog (a new part, or a change of an approved or pending
 * one). The part is named by its numbers; its corporate wording and unit come from the corporate list. A new image
 * comes as base64; without one the part keeps the image it has.
 */
export const CatalogPartSubmission = v.object({
  partsCatalogId: v.optional(v.nullable(Int(CATALOG_ADMIN_MESSAGES.partsCatalogIdInvalid))),
  plantNumber: PlantNumber,
  categoryNumber: CatalogNumber,
  commodityNumber: CatalogNumber,
  partNumber: CatalogNumber,
  subPartNumber: SubPartNumber,
  friendlyDescription: RequiredText(CATALOG_ADMIN_MESSAGES.friendlyDescriptionRequired, 200),
  notes: Text(500),
  base64Image: v.optional(v.nullable(Base64Image)),
});
export type CatalogPartSubmission = v.InferInput<typeof CatalogPartSubmission>;

/** spec 3 §7: what POST /PartsCatalog answers. */
export interface CatalogPartSubmitted {
  combinedPartNumber: string;
  partsCatalogId: number;
  friendlyDescription: string;
  imageFilename: string;
  approved: boolean;
}

/**
 * POST /PartsCatalog/UpdateChangeRequest: approve or decline the pending part. Approval needs a friendly description
 * (the reviewer may reword it); decline does not (spec 3 §5).
 */
export const ChangeRequestDecision = v.pipe(
  v.object({
    // The parts travel whole (spec 3 §7); the server reads their ids and the reviewer's friendly description.
    approvedPart: v.optional(
      v.nullable(v.object({ partsCatalogId: v.optional(v.nullable(Int(CATALOG_ADMIN_MESSAGES.partsCatalogIdInvalid))) })),
    ),
    pendingPart: v.object({ partsCatalogId: PartsCatalogId, friendlyDescription: Text(200) }),
    isApproved: v.boolean('isApproved must be true or false.'),
    comment: Text(1000),
  }),
  v.forward(
    v.check(
      (input) => !input.isApproved || input.pendingPart.friendlyDescription !== '',
      CATALOG_ADMIN_MESSAGES.friendlyDescriptionRequired,
    ),
    ['pendingPart', 'friendlyDescription'],
  ),
);
export type ChangeRequestDecision = v.InferInput<typeof ChangeRequestDecision>;

/** POST /PartsCatalog/RemovePartDescription: the part to take out of its plant's catalog. */
export const CatalogPartRemoval = v.object({ partsCatalogId: PartsCatalogId, plantNumber: PlantNumber });

/** POST /PartsCatalog/RevertChangeResult: the history id is the body (spec 3 §7). */
export const RevertChangeBody = Int(CATALOG_ADMIN_MESSAGES.historyIdInvalid, 1);

export const ChangeRequestQuery = v.object({ partsCatalogId: IdText });
export const ChangeResultQuery = v.object({
  partsCatalogHistoryId: v.pipe(
    v.string(CATALOG_ADMIN_MESSAGES.historyIdInvalid),
    v.regex(/^\d{1,9}$/, CATALOG_ADMIN_MESSAGES.historyIdInvalid),
    v.transform(Number),
  ),
});
export const PartsNotInCatalogQuery = v.object({ plantNumber: PlantNumber, categoryNumber: CatalogNumber, commodityNumber: CatalogNumber });

/* Answers, checked at the client's http boundary (shape only, as the catalog's other answers). */
const looseAs = <T>(schema: v.GenericSchema) =>
  v.pipe(
    schema,
    v.transform((value) => value as T),
  );
const PartShape = v.looseObject({
  partsCatalogId: v.number(),
  plantNumber: v.string(),
  combinedPartNumber: v.string(),
  approved: v.boolean(),
  active: v.boolean(),
});
export const CatalogPartAnswer = looseAs<CatalogPart>(PartShape);
export const CatalogPartListAnswer = looseAs<CatalogPart[]>(v.array(PartShape));
export const CatalogChangeRequestAnswer = looseAs<CatalogChangeRequest>(
  v.looseObject({ approvedPart: v.nullable(PartShape), pendingPart: PartShape, isApproved: v.boolean(), comment: v.string() }),
);
export const CatalogPartSubmittedAnswer = looseAs<CatalogPartSubmitted>(
  v.looseObject({
    combinedPartNumber: v.string(),
    partsCatalogId: v.number(),
    friendlyDescription: v.string(),
    imageFilename: v.string(),
    approved: v.boolean(),
  }),
);
export const ChangeHistoryAnswer = looseAs<ChangeHistoryItem[]>(
  v.array(v.looseObject({ partsCatalogHistoryId: v.number(), requestedByPlant: v.string(), requestDate: v.string(), status: v.string() })),
);
export const ChangeResultAnswer = looseAs<ChangeResult>(
  v.looseObject({
    partsCatalogHistoryId: v.number(),
    approved: v.nullable(v.boolean()),
    requestedPart: PartShape,
    previousPart: v.nullable(PartShape),
    requestedByPlant: v.string(),
    hasActivePending: v.boolean(),
  }),
);
export const NotInCatalogPartsAnswer = looseAs<NotInCatalogPart[]>(
  v.array(v.looseObject({ partNumber: v.string(), combinedPartNumber: v.string(), corporateDescription: v.string() })),
);
export const CatalogCategoriesAnswer = looseAs<CatalogCategory[]>(
  v.array(v.looseObject({ categoryNumber: v.string(), description: v.string() })),
);
export const CatalogCommoditiesAnswer = looseAs<CatalogCommodity[]>(
  v.array(v.looseObject({ commodityNumber: v.string(), description: v.string() })),
);
