import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CATALOG_IMAGE_NAME,
  CATALOG_PLACEHOLDER_IMAGE,
  CategoriesQuery,
  CommoditiesQuery,
  PARTS_CATALOG_MESSAGES,
  PartsCatalogQuery,
  paths,
} from '../../contract';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { route, type RouteDefinition } from '../http/route';
import { catalogCategoriesOf, catalogCommoditiesOf, catalogSyncSource, loadCatalog } from '../parts-catalog/catalog';
import { answerList, readDelta } from '../sync/delta';
import { PLACEHOLDER_SVG } from '../parts-catalog/illustrations';
import { hasRole } from '../../lib/permissions';
import { mayReadCatalog } from '../parts-orders/rules';

/**
 * parts-catalog: the read-only catalog of a plant (spec 3 §7 Parts catalog, GET calls) and its images.
 * Who reads: the Service & Parts menu rule (Service_User or Service_Viewer), for the plants they relate to
 * (parts-orders/rules.ts mayReadCatalog); another plant answers 403. The whole catalog (pending and inactive
 * parts, the admin's view) only for plant users and change admins: a retailer picks from the approved one. Images need a signed-in user (the
 * client fetches them with its token into blobs); they are not per plant.
 */

const READ = { flag: 'isServiceViewer' } as const;
const notYourPlant = () => errorResponse(403, PARTS_CATALOG_MESSAGES.plantNotYours);

/** Catalog images change only under a new name; a week in the browser cache, then revalidated by ETag. */
const IMAGE_CACHE_CONTROL = 'private, max-age=604800';
/** An SVG opened on its own must not run script or load anything. */
const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const placeholderBytes = new Uint8Array(Buffer.from(PLACEHOLDER_SVG, 'utf8'));
const placeholder = { contentType: 'image/svg+xml', data: placeholderBytes, sha256: sha256(placeholderBytes) };

export const partsCatalogRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.partsCatalog,
    ...READ,
    query: PartsCatalogQuery,
    handle: async ({ c, db, session, query }) => {
      if (!(await mayReadCatalog(db, session, query.plantNumber))) return notYourPlant();
      if (!query.approved && !session.user.isPlantUser && !hasRole(session.user, 'Parts_Catalog_Change_Admin')) {
        return errorResponse(403, PARTS_CATALOG_MESSAGES.wholeCatalogNotYours);
      }
      const source = catalogSyncSource(query.plantNumber, query.approved);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, () => loadCatalog(db, query.plantNumber, query.approved));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.catalogCategories,
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
    ...READ,
    query: CommoditiesQuery,
    handle: async ({ c, db, session, query }) => {
      if (!(await mayReadCatalog(db, session, query.plantNumber))) return notYourPlant();
      return c.json(await catalogCommoditiesOf(db, query.plantNumber, query.categoryNumber));
    },
  }),

  route({
    method: 'GET',
    endpoint: { base: 'images', path: '/PartsCatalogImages/:fileName' },
    params: v.object({ fileName: v.pipe(v.string(), v.regex(CATALOG_IMAGE_NAME, PARTS_CATALOG_MESSAGES.imageNameInvalid)) }),
    handle: async ({ c, db, params }) => {
      const [stored] = await db
        .select({ contentType: t.catalogImages.contentType, data: t.catalogImages.data, sha256: t.catalogImages.sha256 })
        .from(t.catalogImages)
        .where(eq(t.catalogImages.fileName, params.fileName));
      const image = stored ?? (params.fileName.toLowerCase() === CATALOG_PLACEHOLDER_IMAGE ? placeholder : undefined);
      if (!image) return errorResponse(404, PARTS_CATALOG_MESSAGES.imageNotFound);
      const etag = `"${image.sha256}"`;
      c.header('cache-control', IMAGE_CACHE_CONTROL);
      c.header('etag', etag);
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      const headers: Record<string, string> = {
        'content-type': image.contentType,
        'content-length': String(image.data.byteLength),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      };
      if (image.contentType === 'image/svg+xml') headers['content-security-policy'] = SVG_CONTENT_SECURITY_POLICY;
      return c.body(new Uint8Array(image.data), 200, headers);
    },
  }),
];
