/*
 * The database schema, one file per domain; drizzle-kit reads the whole folder (drizzle.config.ts) and the app imports
 * it here (`import * as t from '../db/schema'`). A change to any file needs a migration: `npm run db:generate`.
 */
export * from './organisation';
export * from './users';
export * from './auth';
export * from './operations';
export * from './identity';
export * from './two-factor';
export * from './sync';
export * from './shell';
export * from './help-and-learn';
export * from './work-orders';
export * from './homeowners';
export * from './parts-orders';
export * from './parts-catalog';
export * from './sales';
export * from './reports';
export * from './delivery-reports';
export * from './drivers';
