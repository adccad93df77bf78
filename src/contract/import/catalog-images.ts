import * as v from 'valibot';
import { CATALOG_IMAGE_NAME } from '../parts-catalog';
import { importColumns, required, textCell } from './cells';
import { documentFileCell } from './help-documents';

/*
 * Import kind `catalog-images`: the illustrations of the parts catalog (spec 3 §3: Images/PartsCatalogImages/{file}),
 * by the name catalog parts and commodities give in imageFilename. Each row names its image file relative to the
 * imported file, as help documents do; JPEG, PNG or GIF, told by its bytes, at most MAX_CATALOG_IMAGE_BYTES.
 */

const catalogImageColumns = {
  /** The name parts refer to, e.g. 10-100-faucet.png. */
  fileName: required(
    textCell(104, { pattern: [CATALOG_IMAGE_NAME, 'Must be a file name of letters, digits, . _ - ending in .png, .jpg, .jpeg or .gif.'] }),
  ),
  /** The image, relative to the imported file, e.g. catalog/10-110-20011-faucet.png. */
  file: required(documentFileCell),
};

export const CatalogImageImportRow = v.object(catalogImageColumns);
export type CatalogImageImportRow = v.InferOutput<typeof CatalogImageImportRow>;
export const CATALOG_IMAGE_IMPORT_COLUMNS = importColumns(catalogImageColumns);
