import * as v from 'valibot';

export const RELEASE_NOTE_CATEGORIES = ['New', 'Improved', 'Fixed'] as const;

export const ReleaseNoteItem = v.object({
  category: v.picklist(RELEASE_NOTE_CATEGORIES),
  text: v.string(),
});
export type ReleaseNoteItem = v.InferOutput<typeof ReleaseNoteItem>;

/** One HomeSite release as What's new? shows it (spec 1 §1). */
export const ReleaseNote = v.object({
  releaseNoteId: v.number(),
  version: v.string(),
  /** The day of the release, YYYY-MM-DD. */
  releaseDate: v.pipe(v.string(), v.isoDate()),
  title: v.string(),
  summary: v.string(),
  items: v.array(ReleaseNoteItem),
});
export type ReleaseNote = v.InferOutput<typeof ReleaseNote>;

/** GET {api}/ReleaseNotes answer: newest release first. */
export const ReleaseNoteList = v.array(ReleaseNote);
