import { asc, desc } from 'drizzle-orm';
import { paths, ReleaseNoteList, type ReleaseNote, type ReleaseNoteItem } from '../../contract';
import * as t from '../db/schema';
import { route } from '../http/route';

/** release-notes: What's new? (spec 1 §1, §2 header), newest release first. */
export const releaseNoteRoutes = [
  route({
    method: 'GET',
    endpoint: paths.releaseNotes,
    summary: 'The release notes, newest release first',
    answer: ReleaseNoteList,
    handle: async ({ c, db }) => {
      const notes = await db.select().from(t.releaseNotes).orderBy(desc(t.releaseNotes.releaseDate), desc(t.releaseNotes.id));
      const items = await db
        .select()
        .from(t.releaseNoteItems)
        .orderBy(asc(t.releaseNoteItems.releaseNoteId), asc(t.releaseNoteItems.position));
      const itemsByNote = new Map<number, (typeof items)[number][]>();
      for (const item of items) itemsByNote.set(item.releaseNoteId, [...(itemsByNote.get(item.releaseNoteId) ?? []), item]);
      const answer = notes.map((note): ReleaseNote => ({
        releaseNoteId: note.id,
        version: note.version,
        releaseDate: note.releaseDate,
        title: note.title,
        summary: note.summary,
        items: (itemsByNote.get(note.id) ?? []).map((item) => ({
          category: item.category as ReleaseNoteItem['category'],
          text: item.text,
        })),
      }));
      return c.json(answer);
    },
  }),
];
