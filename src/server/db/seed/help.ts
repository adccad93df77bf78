import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { HELP_FILE_TYPES } from '../../../contract';
import { serverFile } from '../../package-files';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { daysBefore } from './days';

/** What scripts/make-help-assets.ts wrote next to the files it made. */
const HelpManifest = v.array(
  v.object({
    file: v.string(),
    displayName: v.string(),
    fileType: v.picklist(HELP_FILE_TYPES),
    category: v.string(),
    contentType: v.string(),
    captions: v.optional(v.string()),
  }),
);

const asset = (name: string) => readFileSync(serverFile('db', 'seed', 'assets', 'help', name));

/**
 * The Help library: the PDFs and the video made by scripts/make-help-assets.ts, in the manifest's order.
 * One PDF is an upload that came through as 10 bytes, so the viewer's 'no results' rule (spec 1 §8) shows.
 */
export async function seedHelpDocuments(db: Database, today: Date) {
  const manifest = v.parse(HelpManifest, JSON.parse(asset('manifest.json').toString('utf8')));
  const rows = manifest.map((entry, index) => {
    const data = asset(entry.file);
    const updatedAt = daysBefore(today, 30 + index * 7);
    return {
      displayName: entry.displayName,
      fileType: entry.fileType,
      category: entry.category,
      contentType: entry.contentType,
      sizeBytes: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data: new Uint8Array(data),
      captionsVtt: entry.captions ? asset(entry.captions).toString('utf8') : null,
      position: index,
      createdAt: updatedAt,
      updatedAt,
    };
  });
  await insertRows(db, t.helpDocuments, rows);
  return { helpDocuments: rows.length };
}
