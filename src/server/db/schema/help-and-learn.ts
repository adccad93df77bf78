import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, stamp } from './columns';

/* The Help library (issue 3) and the Learn library (issue 13): documents whose bytes live in the database. */

/**
 * The Help library (spec 1 §2 Help, §3 Help document). The bytes live in the row so that every
 * instance on one database serves the same files; `sha256` is the file answer's ETag.
 */
export const helpDocuments = pgTable(
  'help_documents',
  {
    id: serial('id').primaryKey(),
    displayName: text('display_name').notNull(),
    fileType: text('file_type', { enum: ['pdf', 'video'] }).notNull(),
    category: text('category').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /** WebVTT captions of a video, served beside it. */
    captionsVtt: text('captions_vtt'),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull(),
  },
  // The natural key of the help-documents import.
  (t) => [uniqueIndex('help_documents_display_name_key').on(t.displayName)],
);

/** Learn library (spec 3 §2 Learn, §3 Documents): categories of manuals … */
export const learnCategories = pgTable(
  'learn_categories',
  {
    id: serial('id').primaryKey(),
    displayName: text('display_name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  // Names are the natural keys of the learn-documents import, at each level.
  (t) => [uniqueIndex('learn_categories_display_name_key').on(t.displayName)],
);

/** … their sub-categories … */
export const learnSubCategories = pgTable(
  'learn_sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => learnCategories.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('learn_sub_categories_category_idx').on(t.categoryId),
    uniqueIndex('learn_sub_categories_name_key').on(t.categoryId, t.displayName),
  ],
);

/** … and the documents of a sub-category; the bytes live in the row like the Help library's. */
export const learnDocuments = pgTable(
  'learn_documents',
  {
    id: serial('id').primaryKey(),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => learnSubCategories.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('learn_documents_sub_category_idx').on(t.subCategoryId),
    uniqueIndex('learn_documents_name_key').on(t.subCategoryId, t.displayName),
  ],
);
