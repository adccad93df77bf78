import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { Quote, QuoteCopy, QuoteLockState, QuoteRevision, QuoteValidation, UnavailableOption, paths } from '../../../contract';
import { KEPT_LIST_SOURCES, type KeptListName } from '../../../contract/kept-lists';
import { newUuid } from '../../../lib/ids';
import { request } from '../../../lib/http';
import { NOT_PERSISTED, readThrough } from '../../../offline/cached-read';
import { keptList, keptPageOf, readKeptList } from '../../../offline/kept-lists';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (scope: string) => ['quotes', 'list', scope] as const,
  revisions: (scope: string, quoteId: number) => ['quotes', 'revisions', scope, quoteId] as const,
};

/**
 * Where the Quote Detail reports kept on the device are (a cache kind of cached-read.ts, and a report's id in it; a
 * quote's is its order number '0'): the app's route hands it over from the feature that keeps them.
 */
export interface KeptReports {
  kind: string;
  idOf: (report: { plantNumber: string; quoteNumber: string; orderNumber: string }) => string;
}

/** GET {api}/Quote (spec 2 §7): the quotes, kept on the device row by row and brought up to date by delta sync. */
export const quoteList = keptList<Quote>({
  list: 'quotes' satisfies KeptListName,
  table: (db) => db.quotes,
  key: (row) => row.quoteId,
  fetchPage: keptPageOf(KEPT_LIST_SOURCES.quotes),
});

export const quotesQueryOptions = (scope: string) =>
  queryOptions({
    queryKey: quoteKeys.list(scope),
    queryFn: () => readKeptList(quoteList, scope),
    meta: NOT_PERSISTED,
    structuralSharing: false,
  });

export const useQuotes = (scope: string) => useQuery(quotesQueryOptions(scope));

/* The quote calls of spec 2 §7; each needs the connection (the quote configuration lives on the server). */

export const checkLockedQuote = (quoteId: number, userId: number) =>
  request(paths.checkLockedQuote(quoteId, userId), { schema: QuoteLockState });

export const validateSubOptions = (quote: Pick<Quote, 'quoteNumber' | 'plantNumber'>, userId: number) =>
  request(paths.validateSubOptions(quote.quoteNumber, quote.plantNumber, userId), { schema: QuoteValidation });

export const quoteRevisions = (quoteId: number) => request(paths.quoteRevisions(quoteId), { schema: v.array(QuoteRevision) });

/** The cache kind (cached-read.ts) of the quotes' revisions kept for Compare, per user and retail center (the view scope). */
export const quoteRevisionsKind = (scope: string) => `quote-revisions:${scope}`;

/** A quote's revisions with their options, for Compare: kept on the device once compared, so Compare opens offline with its age. */
export const quoteRevisionsQueryOptions = (scope: string, quoteId: number) =>
  queryOptions({
    queryKey: quoteKeys.revisions(scope, quoteId),
    queryFn: () => readThrough(quoteRevisionsKind(scope), String(quoteId), () => quoteRevisions(quoteId)),
    meta: NOT_PERSISTED,
    retry: false,
  });

export const useQuoteRevisions = (scope: string, quoteId: number) => useQuery(quoteRevisionsQueryOptions(scope, quoteId));

export const unavailableOptions = (quoteNumber: string) =>
  request(paths.unavailableOptions(quoteNumber), { schema: v.array(UnavailableOption) });

/** Duplicate (a GET that makes a quote, as the spec has it); refusals come back as 400 with the spec's message. */
export const duplicateQuote = (quoteNumber: string, userId: number) =>
  request(paths.copyQuote(quoteNumber, userId), { schema: QuoteCopy, handles: [400] });

/** Refusals come back as 400 (already deleted, locked) or 403 (spec 2 §8: no permission to delete) with the message. */
export const deleteQuote = (quoteId: number, userId: number) =>
  request(paths.deleteQuote(quoteId, userId), { method: 'DELETE', idempotencyKey: newUuid(), handles: [400, 403] });

export const unlockQuote = (quoteId: number, userId: number) =>
  request(paths.unlockQuote(quoteId, userId), { method: 'POST', idempotencyKey: newUuid(), schema: Quote, handles: [403] });

/** Copies an order or an older-system quote into a new Build A Quote quote (PUT copyiseriesquote); a refusal is a 400 with the spec's message. */
export const copyIntoBuildAQuote = (body: { orderNumber: string; plantNumber: string } | { quoteNumber: string; plantNumber: string }) =>
  request(paths.copyIseriesQuote, { method: 'PUT', body, idempotencyKey: newUuid(), schema: QuoteValidation, handles: [400] });
