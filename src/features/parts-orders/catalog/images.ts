import { useEffect, useState } from 'react';
import { CATALOG_IMAGE_NAME, CATALOG_PLACEHOLDER_IMAGE, catalogImageName, paths } from '../../../contract';
import { requestBlob } from '../../../lib/http';
import type { DocumentCopy, OfflineDb } from '../../../offline/db';
import { readDocument } from '../../../offline/documents';
import { getOffline } from '../../../offline/runtime';
import { CATALOG_KINDS } from './api';

/**
 * The file a part or commodity shows: its own image, or the placeholder when it has none (spec 3 §3) or
 * its name could never be served (the server answers only names of CATALOG_IMAGE_NAME's form).
 */
export function keptImageName(fileName: string | null | undefined): string {
  const name = catalogImageName(fileName);
  return CATALOG_IMAGE_NAME.test(name) ? name : CATALOG_PLACEHOLDER_IMAGE;
}

/** A catalog image kept on the device, as a Blob, or undefined when it is not kept. */
export async function readKeptImage(db: OfflineDb, name: string): Promise<Blob | undefined> {
  const stored = await readDocument(db, CATALOG_KINDS.image, name);
  return stored ? new Blob([stored.data], { type: stored.copy.contentType }) : undefined;
}

/** A catalog image as downloaded, ready to keep. */
export interface FetchedImage {
  name: string;
  contentType: string;
  etag: string;
  data: ArrayBuffer;
}

/**
 * GET {images}/PartsCatalogImages/{file}. The call needs the Bearer token, which an <img src> cannot send:
 * the bytes come through the http client (as the work-order attachments do). Silent on errors: a missing
 * image shows the placeholder, not a toast.
 */
export async function fetchImage(name: string, signal?: AbortSignal): Promise<FetchedImage> {
  const { blob, headers } = await requestBlob(paths.partsCatalogImage(name), { handles: 'all', signal });
  return {
    name,
    contentType: blob.type || headers.get('content-type') || 'application/octet-stream',
    etag: headers.get('etag') ?? '',
    data: await blob.arrayBuffer(),
  };
}

/**
 * Keeps downloaded images, all in one IndexedDB transaction (one per image would cost a commit each): the
 * same two rows per document as storeDocument writes, together as it writes them.
 */
export async function keepImages(db: OfflineDb, images: readonly FetchedImage[], now = Date.now()): Promise<void> {
  const copies: DocumentCopy[] = images.map((image) => ({
    kind: CATALOG_KINDS.image,
    id: image.name,
    displayName: image.name,
    contentType: image.contentType,
    size: image.data.byteLength,
    etag: image.etag,
    updatedAt: now,
    storedAt: now,
  }));
  const files = images.map((image) => ({ kind: CATALOG_KINDS.image, id: image.name, data: image.data }));
  await db.withReopen(() =>
    db.transaction('rw', db.documentCopies, db.documentFiles, async () => {
      await db.documentCopies.bulkPut(copies);
      await db.documentFiles.bulkPut(files);
    }),
  );
}

/** The kept image, else the server's (then kept), else the placeholder the same way, else undefined. */
async function loadImage(name: string): Promise<Blob | undefined> {
  const { db } = getOffline();
  const kept = await readKeptImage(db, name);
  if (kept) return kept;
  try {
    const image = await fetchImage(name);
    await keepImages(db, [image]);
    return new Blob([image.data], { type: image.contentType });
  } catch {
    return name === CATALOG_PLACEHOLDER_IMAGE ? undefined : loadImage(CATALOG_PLACEHOLDER_IMAGE);
  }
}

interface SharedImage {
  refs: number;
  url: string | undefined;
  ready: Promise<string | undefined>;
}

/*
 * One object URL per image for all the cards that show it (a catalog has hundreds of parts on one
 * placeholder), revoked when the last of them goes.
 */
const sharedImages = new Map<string, SharedImage>();

function acquireImage(name: string): SharedImage {
  let shared = sharedImages.get(name);
  if (!shared) {
    const entry: SharedImage = { refs: 0, url: undefined, ready: Promise.resolve(undefined) };
    entry.ready = loadImage(name).then(
      (blob) => {
        if (!blob || entry.refs === 0) return undefined;
        entry.url = URL.createObjectURL(blob);
        return entry.url;
      },
      () => undefined,
    );
    // A failed image is tried again by the next card that asks, not remembered.
    void entry.ready.then((url) => {
      if (!url && sharedImages.get(name) === entry) sharedImages.delete(name);
    });
    sharedImages.set(name, entry);
    shared = entry;
  }
  shared.refs += 1;
  return shared;
}

function releaseImage(name: string, shared: SharedImage) {
  shared.refs -= 1;
  if (shared.refs > 0) return;
  if (sharedImages.get(name) === shared) sharedImages.delete(name);
  if (shared.url) URL.revokeObjectURL(shared.url);
  shared.url = undefined;
}

/**
 * A catalog image as an object URL for <img src>: the copy kept on the device, else the server's (kept
 * from then on); the placeholder for a part without an image. Undefined while loading, or when neither
 * the image nor the placeholder can be had (offline, never kept).
 */
export function useCatalogImage(fileName: string | null): string | undefined {
  const name = keptImageName(fileName);
  const [shown, setShown] = useState<{ name: string; url: string | undefined }>();
  useEffect(() => {
    const shared = acquireImage(name);
    let active = true;
    void shared.ready.then((url) => {
      if (active) setShown({ name, url });
    });
    return () => {
      active = false;
      releaseImage(name, shared);
    };
  }, [name]);
  return shown?.name === name ? shown.url : undefined;
}
