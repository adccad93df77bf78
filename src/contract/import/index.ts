/*
 * Row schemas of the data import (docs/import.md), one file per kind. Kept out of contract/index.ts: only the server
 * (importer, command line, import endpoint) and the tests use them, so the browser bundle does not carry them.
 */
export * from './catalog-images';
export * from './cells';
export * from './corporate-parts';
export * from './employees';
export * from './help-documents';
export * from './homes';
export * from './inventory';
export * from './learn-documents';
export * from './nps-responses';
export * from './orders';
export * from './parts-catalog';
export * from './parts-orders';
export * from './plants';
export * from './quotes';
export * from './release-notes';
export * from './report';
export * from './retailers';
export * from './ship-to-locations';
export * from './users';
export * from './work-orders';
