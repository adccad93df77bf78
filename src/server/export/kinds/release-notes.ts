import { defineExport, linesCell } from '../kind';

interface StoredReleaseNote {
  version: string;
  release_date: string;
  title: string;
  summary: string;
  items: string[];
}

/** Releases with their items in place order, each written `<category>: <text>` as the import reads them. */
export const releaseNotesExport = defineExport<StoredReleaseNote>({
  select: `note.version, note.release_date::text AS release_date, note.title, note.summary,
    ARRAY(SELECT item.category || ': ' || item.text FROM release_note_items AS item WHERE item.release_note_id = note.id ORDER BY item.position) AS items`,
  from: 'release_notes AS note',
  key: 'note.id',
  cells: (note) => ({
    version: note.version,
    releaseDate: note.release_date,
    title: note.title,
    summary: note.summary,
    items: linesCell(note.items),
  }),
});
