import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CatalogCategoriesAnswer,
  CatalogChangeRequestAnswer,
  CatalogCommoditiesAnswer,
  CatalogPartAnswer,
  CatalogPartListAnswer,
  CatalogPartRowAnswer,
  CatalogPartSubmittedAnswer,
  ChangeHistoryAnswer,
  ChangeResultAnswer,
  NotInCatalogPartsAnswer,
  PartsCatalogAnswer,
  CATALOG_IMAGE_NAME,
  CatalogPartRemoval,
  CatalogPartSubmission,
  ChangeRequestDecision,
  ChangeRequestQuery,
  ChangeResultQuery,
  MAX_CATALOG_PART_BODY_BYTES,
  PartsNotInCatalogQuery,
  RevertChangeBody,
  CATALOG_PLACEHOLDER_IMAGE,
  CategoriesQuery,
  CommoditiesQuery,
  PARTS_CATALOG_MESSAGES,
  PartsCatalogQuery,
  paths,
} from '../../contract';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { fileAnswer } from '../http/file-answer';
import { route, type RouteDefinition } from '../http/route';
import { catalogCategoriesOf, catalogCommoditiesOf, catalogSyncSource, loadCatalog } from '../parts-catalog/catalog';
import { readDelta } from '../sync/delta';
import { answerDocument } from '../sync/list-answer';
import { PLACEHOLDER_SVG } from '../parts-catalog/illustrations';
import { hasRole } from '../../lib/permissions';
import { mayReadCatalog } from '../parts-orders/rules';
import {
  CatalogRefusal,
  changeHistory,
  changeRequestOf,
  changeResultOf,
  decideChangeRequest,
  ownsPlant,
  partsNotInCatalog,
  pendingParts,
  removePart,
  revertChange,
  submitPart,
} from '../parts-catalog/admin';

/**
 * parts-catalog: the read-only catalog of a plant (spec 3 §7 Parts catalog, GET calls) and its images.
 * Who reads: the Service & Parts menu rule (Service_User or Service_Viewer), for the plants they relate to
 * (parts-orders/rules.ts mayReadCatalog); another plant answers 403. The whole catalog (pending and inactive
 * parts, the admin's view) only for plant users and change admins: a retailer picks from the approved one. Images need a signed-in user (the
 * client fetches them with its token into blobs); they are not per plant.
 *
 * Admin and change management (spec 3 §7; rules in parts-catalog/admin.ts): plant users (Plant_User) for their
 * facilities' catalogs, change managers (Parts_Catalog_Change_Admin) for review, history and revert.
 */

const READ = { flag: 'isServiceViewer' } as const;
const notYourPlant = () => errorResponse(403, PARTS_CATALOG_MESSAGES.plantNotYours);

/** Catalog images change only under a new name; a week in the browser cache, then revalidated by ETag. */
const IMAGE_CACHE_CONTROL = 'private, max-age=604800';
/** An SVG opened on its own must not run script or load anything. */
const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const PLANT_USER = { roles: ['Plant_User'] } as const;
const CHANGE_MANAGER = { roles: ['Parts_Catalog_Change_Admin'] } as const;

/** A plant user may change only the catalogs of their own facilities (spec 3 §6). */
const notYourFacility = () => errorResponse(403, PARTS_CATALOG_MESSAGES.plantNotYours);

/** Runs an admin rule, answering its refusal (400 with the rule's message, 403, 404) as the error body. */
async function answer(work: () => Promise<unknown>): Promise<Response> {
  try {
    return jsonResponse(200, await work());
  } catch (error) {
    if (error instanceof CatalogRefusal) return errorResponse(error.status, error.message);
    throw error;
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const placeholderBytes = new Uint8Array(Buffer.from(PLACEHOLDER_SVG, 'utf8'));
const placeholder = { contentType: 'image/svg+xml', data: placeholderBytes, sha256: sha256(placeholderBytes) };

export const partsCatalogRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.partsCatalog,
    summary: 'The parts catalog of a plant (kept on devices), or a delta of its parts',
    description:
      'With `approved=true` the approved parts (what a retail center orders from); without, the whole catalog, for plant users and change managers.',
    answer: { schema: PartsCatalogAnswer, row: CatalogPartRowAnswer, description: 'The catalog: categories, commodities and their parts.' },
    errors: [{ status: 403, description: 'Not a plant the user relates to, or the whole catalog asked by a retail center’s user.' }],
    ...READ,
    query: PartsCatalogQuery,
    handle: async ({ c, db, deps, session, query }) => {
      if (!(await mayReadCatalog(db, session, query.plantNumber))) return notYourPlant();
      if (!query.approved && !session.user.isPlantUser && !hasRole(session.user, 'Parts_Catalog_Change_Admin')) {
        return errorResponse(403, PARTS_CATALOG_MESSAGES.wholeCatalogNotYours);
      }
      const source = catalogSyncSource(query.plantNumber, query.approved);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerDocument(c, db, source, () => loadCatalog(db, query.plantNumber, query.approved), deps.reportError);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogCategories,
    summary: 'The part categories of a plant’s catalog',
    answer: CatalogCategoriesAnswer,
    errors: [403],
    ...READ,
    query: CategoriesQuery,
    handle: async ({ c, db, session, query }) => {
      if (!(await mayReadCatalog(db, session, query.plantNumber))) return notYourPlant();
      return c.json(await catalogCategoriesOf(db, query.plantNumber));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogCommodities,
    summary: 'The commodities of a category of a plant’s catalog',
    answer: CatalogCommoditiesAnswer,
    errors: [403],
    ...READ,
    query: CommoditiesQuery,
    handle: async ({ c, db, session, query }) => {
      if (!(await mayReadCatalog(db, session, query.plantNumber))) return notYourPlant();
      return c.json(await catalogCommoditiesOf(db, query.plantNumber, query.categoryNumber));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.pendingCatalogParts,
    summary: 'The parts waiting for a change manager’s review',
    answer: CatalogPartListAnswer,
    errors: [400, 403, 404],
    ...CHANGE_MANAGER,
    handle: ({ db }) => answer(() => pendingParts(db)),
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogChangeRequest,
    summary: 'A pending change to a part, with the approved part it would replace',
    answer: CatalogChangeRequestAnswer,
    errors: [400, 403, 404],
    query: ChangeRequestQuery,
    handle: ({ db, session, query }) => answer(() => changeRequestOf(db, session, query.partsCatalogId)),
  }),

  route({
    method: 'POST',
    endpoint: paths.submitCatalogPart,
    summary: 'Submit a new or changed part of a plant’s catalog for review',
    answer: CatalogPartSubmittedAnswer,
    errors: [400, 403, 404],
    ...PLANT_USER,
    body: CatalogPartSubmission,
    maxBodyBytes: MAX_CATALOG_PART_BODY_BYTES,
    handle: ({ db, deps, session, body }) => {
      if (!ownsPlant(session, body.plantNumber)) return notYourFacility();
      return answer(() => submitPart(db, session, body, deps.clock()));
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.updateCatalogChangeRequest,
    summary: 'Approve or decline a pending change',
    answer: CatalogPartAnswer,
    errors: [400, 403, 404],
    ...CHANGE_MANAGER,
    body: ChangeRequestDecision,
    handle: ({ db, deps, session, body }) =>
      answer(() =>
        decideChangeRequest(
          db,
          session,
          {
            partsCatalogId: body.pendingPart.partsCatalogId,
            friendlyDescription: body.pendingPart.friendlyDescription,
            isApproved: body.isApproved,
            comment: body.comment,
          },
          deps.clock(),
        ),
      ),
  }),

  route({
    method: 'GET',
    endpoint: paths.partsNotInCatalog,
    summary: 'The corporate parts of a commodity not yet in a plant’s catalog',
    answer: NotInCatalogPartsAnswer,
    errors: [400, 403, 404],
    ...PLANT_USER,
    query: PartsNotInCatalogQuery,
    handle: ({ db, session, query }) => {
      if (!ownsPlant(session, query.plantNumber)) return notYourFacility();
      return answer(() => partsNotInCatalog(db, query.plantNumber, query.categoryNumber, query.commodityNumber));
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.removeCatalogPart,
    summary: 'Ask to remove a part from a plant’s catalog',
    answer: CatalogPartAnswer,
    errors: [400, 403, 404],
    ...PLANT_USER,
    body: CatalogPartRemoval,
    handle: ({ db, deps, session, body }) => {
      if (!ownsPlant(session, body.plantNumber)) return notYourFacility();
      return answer(() => removePart(db, session, body.partsCatalogId, deps.clock()));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogChangeHistory,
    summary: 'The history of decided changes',
    answer: ChangeHistoryAnswer,
    errors: [400, 403, 404],
    ...CHANGE_MANAGER,
    handle: ({ db }) => answer(() => changeHistory(db)),
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogChangeResult,
    summary: 'One decided change, with the part before and after',
    answer: ChangeResultAnswer,
    errors: [400, 403, 404],
    ...CHANGE_MANAGER,
    query: ChangeResultQuery,
    handle: ({ db, query }) => answer(() => changeResultOf(db, query.partsCatalogHistoryId)),
  }),

  route({
    method: 'POST',
    endpoint: paths.revertCatalogChangeResult,
    summary: 'Revert a decided change',
    answer: ChangeResultAnswer,
    errors: [400, 403, 404],
    ...CHANGE_MANAGER,
    body: RevertChangeBody,
    handle: ({ db, deps, body }) => answer(() => revertChange(db, body, deps.clock())),
  }),

  route({
    method: 'GET',
    endpoint: paths.partsCatalogImage,
    summary: 'A catalog image',
    answer: {
      contentType: 'image/*',
      etag: true,
      description: 'The image (an SVG is sent with a Content-Security-Policy that runs nothing).',
    },
    errors: [404],
    params: v.object({ fileName: v.pipe(v.string(), v.regex(CATALOG_IMAGE_NAME, PARTS_CATALOG_MESSAGES.imageNameInvalid)) }),
    handle: async ({ c, db, params }) => {
      const [stored] = await db
        .select({ contentType: t.catalogImages.contentType, data: t.catalogImages.data, sha256: t.catalogImages.sha256 })
        .from(t.catalogImages)
        .where(eq(t.catalogImages.fileName, params.fileName));
      const image = stored ?? (params.fileName.toLowerCase() === CATALOG_PLACEHOLDER_IMAGE ? placeholder : undefined);
      if (!image) return errorResponse(404, PARTS_CATALOG_MESSAGES.imageNotFound);
      const file = { contentType: image.contentType, sha256: image.sha256, size: image.data.byteLength, read: () => image.data };
      return fileAnswer(c, file, {
        cacheControl: IMAGE_CACHE_CONTROL,
        contentDisposition: 'inline',
        headers: image.contentType === 'image/svg+xml' ? { 'Content-Security-Policy': SVG_CONTENT_SECURITY_POLICY } : {},
      });
    },
  }),
];
