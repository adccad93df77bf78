import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { defineExport } from '../kind';
import { filesOf } from './help-documents';

interface StoredLearnDocument {
  id: number;
  category: string;
  sub_category: string;
  display_name: string;
  file_name: string;
  position: number;
}

/** The Learn library, each PDF written beside the output under its file name (made unique within the export). */
export const learnDocumentsExport = defineExport<StoredLearnDocument>({
  select: 'd.id, category.display_name AS category, sub.display_name AS sub_category, d.display_name, d.file_name, d.position',
  from: `learn_documents AS d
    JOIN learn_sub_categories AS sub ON sub.id = d.sub_category_id
    JOIN learn_categories AS category ON category.id = sub.category_id`,
  key: 'd.id',
  changedAt: { expression: 'd.updated_at', meaning: 'its PDF or metadata was changed by an import' },
  hasFiles: true,
  pageRows: 100,
  cells: (document, context) => ({
    category: document.category,
    subCategory: document.sub_category,
    displayName: document.display_name,
    file: filesOf(context).add(document.file_name, async (db) => {
      const [stored] = await db.select({ data: t.learnDocuments.data }).from(t.learnDocuments).where(eq(t.learnDocuments.id, document.id));
      return stored!.data;
    }),
    fileName: document.file_name,
    position: document.position,
  }),
});
