import { once } from 'node:events';
import { createGzip } from 'node:zlib';

/*
 * A plain list answer (the spec's JSON array) written as it is read: page after page of rows, each page one query, so
 * that no answer is ever whole in memory (issue 31 §1: a million work orders were a string longer than V8 allows).
 */

/** The rows of a list in the list's order, in pages of at most `pageRows` rows. */
export type ListPages<Item> = (pageRows: number) => AsyncIterable<Item[]>;

/**
 * Pages read by keyset: `read(after, limit)` answers at most `limit` rows that come after the row whose key
 * (`keyOf`) is `after` (from the start when undefined) in the list's order, which must be total (end in the id).
 * Each page is a statement of its own: no transaction is held across pages (PGlite has one connection; every other
 * request would wait). A row written while the pages are read is answered as it is, or not at all; it has a
 * position at or past the answer's horizon, so the next delta brings it (sync/delta.ts).
 */
export function keysetPages<Row, Key, Item>(
  read: (after: Key | undefined, limit: number) => PromiseLike<Row[]>,
  keyOf: (row: Row) => Key,
  toItem: (row: Row) => Item,
): ListPages<Item> {
  return async function* (pageRows) {
    let after: Key | undefined;
    for (;;) {
      const rows = await read(after, pageRows);
      if (rows.length > 0) yield rows.map(toItem);
      if (rows.length < pageRows) return;
      after = keyOf(rows.at(-1)!);
    }
  };
}

/** Rows per query while a list is read (list-answer.ts listAnswerLimits). */
export const LIST_PAGE_ROWS = 5000;

/** The whole list as one array, for callers that need one (benchmarks): read in the same pages as the answer. */
export async function allRows<Item>(pages: ListPages<Item>, pageRows = LIST_PAGE_ROWS): Promise<Item[]> {
  const rows: Item[] = [];
  for await (const page of pages(pageRows)) for (const row of page) rows.push(row);
  return rows;
}

/** The JSON array of the pages, in pieces: the first holds the first page (so reading it reads a page). */
export async function* jsonArray<Item>(pages: AsyncIterable<Item[]>): AsyncGenerator<string> {
  let opened = false;
  for await (const page of pages) {
    if (page.length === 0) continue;
    // A page's rows as the array's elements: JSON.stringify of the page without its brackets.
    yield `${opened ? ',' : '['}${JSON.stringify(page).slice(1, -1)}`;
    opened = true;
  }
  yield opened ? ']' : '[]';
}

/** Bytes the answer's stream holds for a client that reads slower than the pages are read. */
const STREAM_HIGH_WATER_BYTES = 1024 * 1024;

export interface StreamedList {
  body: ReadableStream<Uint8Array>;
  /**
   * The whole (gzipped) answer once written, when it fit in `keepBytes`. Undefined as soon as it cannot be: it grew
   * past that, failed, or its client went away.
   */
  kept: Promise<Uint8Array[] | undefined>;
}

export interface StreamListOptions {
  gzip: boolean;
  /** Keep the written bytes up to this many for a cache (0: keep none). While they fit, the rows are read as fast as the database answers, whatever the client's pace. */
  keepBytes: number;
  /** Called with an error that broke the answer after its first page (its status is already sent). */
  onError: (error: unknown) => void;
}

/**
 * JSON text (jsonArray) as a byte stream, gzipped when asked. The first piece is read before this answers, so that a
 * list that cannot be read at all is still an error answer (500); a later error aborts the stream, and the client
 * sees a broken answer rather than a shorter array. The next piece is only read once the client took what came
 * before (backpressure), and a client that goes away stops the reading.
 */
export async function streamList(pieces: AsyncIterable<string>, options: StreamListOptions): Promise<StreamedList> {
  const iterator = pieces[Symbol.asyncIterator]();
  let next = await iterator.next();

  let settleKept!: (chunks: Uint8Array[] | undefined) => void;
  const kept = new Promise<Uint8Array[] | undefined>((resolve) => (settleKept = resolve));
  let keptChunks: Uint8Array[] | undefined = options.keepBytes > 0 ? [] : undefined;
  let keptBytes = 0;
  const dropKept = () => {
    keptChunks = undefined;
    settleKept(undefined);
  };
  if (!keptChunks) settleKept(undefined);

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let wake: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start: (streamController) => {
        controller = streamController;
      },
      pull: () => wake?.(),
      cancel: () => {
        cancelled = true;
        dropKept();
        wake?.();
      },
    },
    { highWaterMark: STREAM_HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );

  const emit = (chunk: Uint8Array) => {
    if (keptChunks) {
      keptBytes += chunk.byteLength;
      if (keptBytes <= options.keepBytes) keptChunks.push(chunk);
      else dropKept();
    }
    if (!cancelled) controller.enqueue(chunk);
  };
  /** Until the client took enough of what was sent (or left). Bytes being kept are in memory anyway: no wait for them. */
  const drained = async () => {
    while (!cancelled && !keptChunks && (controller.desiredSize ?? 0) <= 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  };

  const gzip = options.gzip ? createGzip() : undefined;
  gzip?.on('data', emit);
  const write = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    if (!gzip) emit(bytes);
    else if (!gzip.write(bytes)) await once(gzip, 'drain');
    await drained();
  };

  const produce = async () => {
    try {
      for (; !next.done && !cancelled; next = await iterator.next()) await write(next.value);
      if (cancelled) return;
      if (gzip) {
        const ended = once(gzip, 'end');
        gzip.end();
        await ended;
      }
      if (cancelled) return;
      controller.close();
      if (keptChunks) settleKept(keptChunks);
    } catch (error) {
      dropKept();
      if (cancelled) return;
      cancelled = true;
      options.onError(error);
      controller.error(error);
    } finally {
      gzip?.destroy();
      // Stops the reading where a client that left, or an error, ended it (a no-op when the pages were all read).
      await iterator.return?.().catch(() => undefined);
    }
  };
  void produce();
  return { body, kept };
}
