import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, money, stamp } from './columns';
import { homes, plants, retailers } from './organisation';
import { users } from './users';

/* Delivery reports (issue 12; spec 2 §2–§4): questions, submitted surveys, their answers and photos. */

/** A titled group of delivery-report questions (spec 2 §3 DeliveryReport questionGroups), per survey type. */
export const surveyQuestionGroups = pgTable('survey_question_groups', {
  id: serial('id').primaryKey(),
  /** 1 DeliveryForm, 2 RetailerChecklist (spec 2 §3 Survey). */
  surveyType: smallint('survey_type').notNull(),
  title: text('title').notNull(),
  sequence: integer('sequence').notNull(),
});

/**
 * A question of a survey (spec 2 §3): the delivery date question, the site delivery question, or one of a group's.
 * Question types: 1 string, 2 trueFalse, 3 yesNo, 4 dateTime.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyType: smallint('survey_type').notNull(),
    /** 'deliveryDate', 'siteDelivery' or 'group'. */
    placement: text('placement').notNull(),
    groupId: integer('group_id').references(() => surveyQuestionGroups.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    questionType: smallint('question_type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    sequence: integer('sequence').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('survey_questions_type_idx').on(t.surveyType, t.sequence)],
);

/** A submitted survey (a delivery report) of one home: at most one per home and survey type. */
export const submittedSurveys = pgTable(
  'submitted_surveys',
  {
    id: serial('id').primaryKey(),
    surveyType: smallint('survey_type').notNull(),
    homeId: integer('home_id')
      .notNull()
      .references(() => homes.id),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    serialNumber: text('serial_number').notNull(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The submitter's name as it was when submitted. */
    submittedBy: text('submitted_by').notNull(),
    submitDate: stamp('submit_date').notNull().defaultNow(),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submitted_surveys_home_type_idx').on(t.homeId, t.surveyType),
    index('submitted_surveys_retailer_idx').on(t.retailerNumber),
    index('submitted_surveys_plant_idx').on(t.plantNumber),
  ],
);

/** The answer to one question of a submitted survey, kept as text (dates ISO, booleans 'true'/'false'). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    submittedSurveyId: integer('submitted_survey_id')
      .notNull()
      .references(() => submittedSurveys.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    answer: text('answer').notNull().default(''),
  },
  (t) => [uniqueIndex('survey_answers_survey_question_idx').on(t.submittedSurveyId, t.questionId)],
);

/** A photo (or PDF) of a submitted survey (spec 2 §3 SurveyAttachment); the bytes live in the row, served by the images base. */
export const surveyAttachments = pgTable(
  'survey_attachments',
  {
    id: serial('id').primaryKey(),
    submittedSurveyId: integer('submitted_survey_id')
      .notNull()
      .references(() => submittedSurveys.id, { onDelete: 'cascade' }),
    /** The file name under folder=SurveyAttachments of the images base; unique. */
    imageFileName: text('image_file_name').notNull().unique(),
    imageUploadId: text('image_upload_id').notNull(),
    description: text('description').notNull().default(''),
    amount: money('amount'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('survey_attachments_survey_idx').on(t.submittedSurveyId)],
);
