import { MAX_CATALOG_IMAGE_BYTES } from '../../../contract';
import { CATALOG_IMAGE_IMPORT_COLUMNS, CatalogImageImportRow } from '../../../contract/import';
import { imageTypeOf } from '../../../lib/images';
import { defineKind } from '../kind';
import { countWrites, upsertRows } from '../write';
import { readCheckedFile } from './files';
import { sha256Of, writeInGroups } from './help-documents';

const IMAGE_FILE = { maxBytes: MAX_CATALOG_IMAGE_BYTES, typeOf: imageTypeOf, types: 'a JPEG, PNG or GIF' };

/**
 * Catalog images by file name (catalog_images), each read from beside the imported file and checked as the catalog
 * admin's upload is (parts-catalog/admin.ts storeImage): JPEG, PNG or GIF by its bytes, at most 5 MB. An image whose
 * bytes are the stored ones is not written: it is served with a week's cache under its name, so a changed image is
 * best given a new name (the catalog's own uploads always are).
 */
export const catalogImagesKind = defineKind<CatalogImageImportRow>({
  description: 'Parts catalog images (files named relative to the imported file) by the file name parts refer to.',
  columns: CATALOG_IMAGE_IMPORT_COLUMNS,
  schema: CatalogImageImportRow,
  keyField: 'fileName',
  keyOf: (row) => row.fileName,
  check: async (row, { readFile }) => {
    const read = await readCheckedFile(readFile, 'file', row.file, IMAGE_FILE);
    return 'issue' in read ? [read.issue] : [];
  },
  write: (db, rows, { readFile }) =>
    writeInGroups(
      rows,
      async (row) => {
        const read = await readCheckedFile(readFile, 'file', row.file, IMAGE_FILE);
        if ('issue' in read) throw new Error(`catalog image ${row.fileName}: ${read.issue.message}`);
        return { row, ...read, size: read.bytes.byteLength };
      },
      async (group) =>
        countWrites(
          await upsertRows(
            db,
            {
              table: 'catalog_images',
              input: [
                ['file_name', 'text'],
                ['content_type', 'text'],
                ['sha256', 'text'],
                ['data', 'text'],
              ],
              insert: ['file_name', 'content_type', 'sha256', ['data', `decode(input.data, 'base64')`]],
              conflict: '("file_name")',
              update: ['content_type', 'sha256', 'data'],
              key: 'target.file_name',
            },
            group.map((image) => ({
              file_name: image.row.fileName,
              content_type: image.contentType,
              sha256: sha256Of(image.bytes),
              data: Buffer.from(image.bytes).toString('base64'),
            })),
          ),
        ),
    ),
});
