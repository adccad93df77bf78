import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { defineExport } from '../kind';
import { filesOf } from './help-documents';

interface StoredCatalogImage {
  file_name: string;
}

/** Parts catalog images, each written beside the output under the name parts refer to it by. */
export const catalogImagesExport = defineExport<StoredCatalogImage>({
  select: 'image.file_name',
  from: 'catalog_images AS image',
  key: 'image.file_name',
  hasFiles: true,
  pageRows: 100,
  cells: (image, context) => ({
    fileName: image.file_name,
    file: filesOf(context).add(image.file_name, async (db) => {
      const [stored] = await db
        .select({ data: t.catalogImages.data })
        .from(t.catalogImages)
        .where(eq(t.catalogImages.fileName, image.file_name));
      return stored!.data;
    }),
  }),
});
