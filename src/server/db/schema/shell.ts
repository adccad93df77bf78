import { boolean, date, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { retailers } from './organisation';
import { users } from './users';

/* The shell of spec 1: terms of use, client logs, support messages, What's new? and Feedback (issue 3). */

/** Terms of use versions; the newest decides whether the terms gate shows (spec 1 §4). */
export const termsDocuments = pgTable('terms_documents', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: stamp('created_at').notNull(),
  modifiedAt: stamp('modified_at').notNull(),
});

export const logMessages = pgTable('log_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  format: text('format').notNull(),
  message: text('message').notNull(),
  exception: text('exception'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

export const supportMessages = pgTable('support_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  retailerNumber: text('retailer_number').references(() => retailers.retailerNumber),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  priority: text('priority').notNull(),
  type: text('type').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** One HomeSite release for What's new? (spec 1 §1). */
export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  releaseDate: date('release_date', { mode: 'string' }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  createdAt: createdAt(),
});

export const releaseNoteItems = pgTable(
  'release_note_items',
  {
    id: serial('id').primaryKey(),
    releaseNoteId: integer('release_note_id')
      .notNull()
      .references(() => releaseNotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** 'New', 'Improved' or 'Fixed' (contract RELEASE_NOTE_CATEGORIES). */
    category: text('category').notNull(),
    text: text('text').notNull(),
  },
  (t) => [unique('release_note_items_position').on(t.releaseNoteId, t.position)],
);

/** Answers of the Feedback tile's survey. */
export const feedbackResponses = pgTable('feedback_responses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  retailerNumber: text('retailer_number').references(() => retailers.retailerNumber),
  satisfaction: smallint('satisfaction').notNull(),
  worksWell: text('works_well').notNull(),
  improve: text('improve').notNull(),
  mayContact: boolean('may_contact').notNull(),
  createdAt: createdAt(),
});
