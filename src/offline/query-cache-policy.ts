import { version } from '../../package.json';

/*
 * How long, under which version and where the query cache is kept on the device; ./query-persistence.ts saves and
 * restores it. Apart from the persister, so that the first load's query client reads them without loading it.
 */

/**
 * A field user may go a week without signal; the persisted cache has to outlive that with room to
 * spare, so it is kept for two weeks (TanStack's default of 24 h would drop it overnight). Queries
 * must use a gcTime at least this long or they are garbage-collected before they are persisted.
 */
export const PERSIST_MAX_AGE = 14 * 24 * 60 * 60 * 1000;

/** A new app version may change the shape of cached answers: its cache starts afresh. */
export const PERSIST_BUSTER = `homesite@${version}`;

export const QUERY_CACHE_STORAGE_KEY = 'HomeSite.queryCache';
