import { and, eq, sql } from 'drizzle-orm';
import { LEARN_DOCUMENT_IMPORT_COLUMNS, LearnDocumentImportRow } from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { defineKind } from '../kind';
import { countWrites, upsertRows, withJson } from '../write';
import { documentFileType, readDocumentFile, sha256Of, writeInGroups } from './help-documents';

/** Category, sub-category and display name: a document's natural key (names are on one line, so a line break parts them). */
const learnKey = (row: { category: string; subCategory: string; displayName: string }) =>
  [row.category, row.subCategory, row.displayName].join('\n');

/** Creates the categories, then the sub-categories, a batch names and the library lacks, in the order the rows first name them. */
async function addCategories(db: Database, rows: readonly LearnDocumentImportRow[]) {
  const categories = [...new Set(rows.map((row) => row.category))];
  await db.execute(
    withJson(
      `INSERT INTO learn_categories (display_name)
       SELECT name FROM jsonb_to_recordset($json::jsonb) AS input(name text, ordinal integer) ORDER BY ordinal
       ON CONFLICT (display_name) DO NOTHING`,
      categories.map((name, ordinal) => ({ name, ordinal })),
    ),
  );
  const subCategories = [
    ...new Map(rows.map((row) => [`${row.category}\n${row.subCategory}`, { category: row.category, name: row.subCategory }])).values(),
  ];
  await db.execute(
    withJson(
      `INSERT INTO learn_sub_categories (category_id, display_name)
       SELECT category.id, input.name FROM jsonb_to_recordset($json::jsonb) AS input(category text, name text, ordinal integer)
       JOIN learn_categories AS category ON category.display_name = input.category
       ORDER BY input.ordinal
       ON CONFLICT (category_id, display_name) DO NOTHING`,
      subCategories.map((subCategory, ordinal) => ({ ...subCategory, ordinal })),
    ),
  );
}

/**
 * The Learn library's PDFs by category, sub-category and display name; the categories and sub-categories a row names
 * are created when missing, after the others (the library lists them in the order they were first imported). A
 * document whose PDF and metadata are the stored ones is not written, so its ETag and updatedAt stay. An import never
 * deletes: a document renamed or moved in the file is added under its new name and the old one stays.
 */
export const learnDocumentsKind = defineKind<LearnDocumentImportRow>({
  description: 'The Learn library: PDF manuals (files named relative to the imported file) by category, sub-category and name.',
  columns: LEARN_DOCUMENT_IMPORT_COLUMNS,
  schema: LearnDocumentImportRow,
  keyField: 'displayName',
  keyOf: learnKey,
  check: async (row, { readFile }) => {
    const read = await readDocumentFile(readFile, 'file', row.file);
    if ('issue' in read) return [read.issue];
    return documentFileType(read.bytes)?.fileType === 'pdf' ? [] : [{ field: 'file', message: `"${row.file}" is not a PDF file.` }];
  },
  write: async (db, rows, { readFile }) => {
    await addCategories(db, rows);
    return writeInGroups(
      rows,
      async (row) => {
        const read = await readDocumentFile(readFile, 'file', row.file);
        if ('issue' in read) throw new Error(`Learn document ${row.displayName}: ${read.issue.message}`);
        return { row, bytes: read.bytes, size: read.bytes.byteLength };
      },
      async (group) => {
        const written = await upsertRows(
          db,
          {
            table: 'learn_documents',
            input: [
              ['category', 'text'],
              ['sub_category', 'text'],
              ['display_name', 'text'],
              ['file_name', 'text'],
              ['file_type', 'text'],
              ['content_type', 'text'],
              ['size_bytes', 'integer'],
              ['sha256', 'text'],
              ['position', 'smallint'],
            ],
            insert: [
              ['sub_category_id', 'sub_category.id'],
              'display_name',
              'file_name',
              'file_type',
              'content_type',
              'size_bytes',
              'sha256',
              'position',
              ['data', "''::bytea"],
            ],
            from: `JOIN learn_categories AS category ON category.display_name = input.category
              JOIN learn_sub_categories AS sub_category ON sub_category.category_id = category.id AND sub_category.display_name = input.sub_category`,
            conflict: '("sub_category_id", "display_name")',
            update: ['file_name', 'file_type', 'content_type', 'size_bytes', 'sha256', 'position'],
            onChange: ['"updated_at" = now()'],
            key: `(SELECT c.display_name || chr(10) || s.display_name FROM learn_sub_categories s JOIN learn_categories c ON c.id = s.category_id
              WHERE s.id = target.sub_category_id) || chr(10) || target.display_name`,
          },
          group.map(({ row, bytes }) => ({
            category: row.category,
            sub_category: row.subCategory,
            display_name: row.displayName,
            file_name: row.fileName,
            file_type: 'pdf',
            content_type: 'application/pdf',
            size_bytes: bytes.byteLength,
            sha256: sha256Of(bytes),
            position: row.position,
          })),
        );
        const byKey = new Map(group.map((file) => [learnKey(file.row), file]));
        for (const { key } of written) {
          const { row, bytes } = byKey.get(key)!;
          const subCategoryId = sql`(SELECT s.id FROM ${t.learnSubCategories} s JOIN ${t.learnCategories} c ON c.id = s.category_id
            WHERE c.display_name = ${row.category} AND s.display_name = ${row.subCategory})`;
          await db
            .update(t.learnDocuments)
            .set({ data: bytes })
            .where(and(eq(t.learnDocuments.subCategoryId, subCategoryId), eq(t.learnDocuments.displayName, row.displayName)));
        }
        return countWrites(written);
      },
    );
  },
});
