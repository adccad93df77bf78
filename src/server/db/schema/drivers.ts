import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

/* Driver management (issue 13; spec 3 §3 Driver). */

/** Employees of the company that transportation may make drivers of (spec 3 §3 Driver: employee search). */
export const hbgEmployees = pgTable(
  'hbg_employees',
  {
    employeeNumber: text('employee_number').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    location: text('location').notNull().default(''),
  },
  (t) => [index('hbg_employees_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`)],
);

/** Kinds of driver (spec 3 §7 GET /transportation/drivertypes). */
export const driverTypes = pgTable('driver_types', {
  id: serial('id').primaryKey(),
  description: text('description').notNull().unique(),
});

/** An employee assigned as a driver, with its driver type (spec 3 §3 Driver). */
export const drivers = pgTable('drivers', {
  id: serial('id').primaryKey(),
  employeeNumber: text('employee_number')
    .notNull()
    .unique()
    .references(() => hbgEmployees.employeeNumber, { onDelete: 'cascade' }),
  driverTypeId: integer('driver_type_id')
    .notNull()
    .references(() => driverTypes.id),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  rowVersion: integer('row_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
