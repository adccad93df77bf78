import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  Quote,
  QuoteCopy,
  QuoteLockState,
  QuoteRevision,
  QuoteValidation,
  UnavailableOption,
  paths,
  syncPageAnswer,
  type CmhUser,
} from '../../../contract';
import { newUuid } from '../../../lib/ids';
import { request } from '../../../lib/http';
import { NOT_PERSISTED } from '../../../offline/cached-read';
import { keptList, readKeptList } from '../../../offline/kept-lists';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (scope: string) => ['quotes', 'list', scope] as const,
  revisions: (quoteId: number) => ['quotes', 'revisions', quoteId] as const,
};

/** Whose copy of the list: another user or retail center on a shared tablet starts it afresh. */
export const quoteScope = (user: Pick<CmhUser, 'userName' | 'isPlantUser' | 'currentRetailer'>) =>
  `${user.userName.toLowerCase()}:${user.isPlantUser ? 'plants' : (user.currentRetailer?.retailerNumber ?? 'none')}`;

const QuotePage = syncPageAnswer(Quote);

/** GET {api}/Quote (spec 2 §7): the quotes, kept on the device row by row and brought up to date by delta sync. */
export const quoteList = keptList<Quote>({
  list: 'quotes',
  table: (db) => db.quotes,
  key: (row) => row.quoteId,
  fetchPage: (since, limit) => request(paths.quotes, { query: { since, limit }, schema: QuotePage }),
});

export const quotesQueryOptions = (scope: string) =>
  queryOptions({ queryKey: quoteKeys.list(scope), queryFn: () => readKeptList(quoteList, scope), meta: NOT_PERSISTED, structuralSharing: false });

export const useQuotes = (scope: string) => useQuery(quotesQueryOptions(scope));

/* The quote calls of spec 2 §7; each needs the connection (the quote configuration lives on the server). */

export const checkLockedQuote = (quoteId: number, userId: number) =>
  request(paths.checkLockedQuote(quoteId, userId), { schema: QuoteLockState });

export const validateSubOptions = (quote: Pick<Quote, 'quoteNumber' | 'plantNumber'>, userId: number) =>
  request(paths.validateSubOptions(quote.quoteNumber, quote.plantNumber, userId), { schema: QuoteValidation });

export const quoteRevisions = (quoteId: number) => request(paths.quoteRevisions(quoteId), { schema: v.array(QuoteRevision) });

export const useQuoteRevisions = (quoteId: number | undefined) =>
  useQuery({ queryKey: quoteKeys.revisions(quoteId ?? 0), queryFn: () => quoteRevisions(quoteId!), enabled: quoteId !== undefined, meta: NOT_PERSISTED });

export const unavailableOptions = (quoteNumber: string) => request(paths.unavailableOptions(quoteNumber), { schema: v.array(UnavailableOption) });

/** Duplicate (a GET that makes a quote, as the spec has it); refusals come back as 400 with the spec's message. */
export const duplicateQuote = (quoteNumber: string, userId: number) =>
  request(paths.copyQuote(quoteNumber, userId), { schema: QuoteCopy, handles: [400] });

export const deleteQuote = (quoteId: number, userId: number) =>
  request(paths.deleteQuote(quoteId, userId), { method: 'DELETE', idempotencyKey: newUuid(), handles: [400] });

export const unlockQuote = (quoteId: number, userId: number) =>
  request(paths.unlockQuote(quoteId, userId), { method: 'POST', idempotencyKey: newUuid(), schema: Quote, handles: [403] });

/** Copies an order or an older-system quote into a new Build A Quote quote (PUT copyiseriesquote). */
export const copyIntoBuildAQuote = (body: { orderNumber: string; plantNumber: string } | { quoteNumber: string; plantNumber: string }) =>
  request(paths.copyIseriesQuote, { method: 'PUT', body, idempotencyKey: newUuid(), schema: QuoteValidation });
