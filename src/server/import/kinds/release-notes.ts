import { RELEASE_NOTE_IMPORT_COLUMNS, ReleaseNoteImportRow } from '../../../contract/import';
import { defineKind } from '../kind';
import { countWrites, queryRows, upsertRows, withJson } from '../write';

/**
 * What's new? by version: each release's date, title and summary, and its items in the row's order (items are
 * matched by place: a changed item is rewritten, items past the row's last are removed).
 */
export const releaseNotesKind = defineKind<ReleaseNoteImportRow>({
  description: "What's new?: HomeSite releases by version, with their items.",
  columns: RELEASE_NOTE_IMPORT_COLUMNS,
  schema: ReleaseNoteImportRow,
  keyField: 'version',
  keyOf: (row) => row.version,
  write: async (db, rows) => {
    const written = await upsertRows(
      db,
      {
        table: 'release_notes',
        input: [
          ['version', 'text'],
          ['release_date', 'date'],
          ['title', 'text'],
          ['summary', 'text'],
        ],
        insert: ['version', 'release_date', 'title', 'summary'],
        conflict: '("version")',
        update: ['release_date', 'title', 'summary'],
        key: 'target.version',
      },
      rows.map((row) => ({ version: row.version, release_date: row.releaseDate, title: row.title, summary: row.summary })),
    );
    const itemsWritten = await upsertRows(
      db,
      {
        table: 'release_note_items',
        input: [
          ['version', 'text'],
          ['position', 'smallint'],
          ['category', 'text'],
          ['text', 'text'],
        ],
        insert: [['release_note_id', 'note.id'], 'position', 'category', 'text'],
        from: 'JOIN release_notes AS note ON note.version = input.version',
        conflict: '("release_note_id", "position")',
        update: ['category', 'text'],
        key: '(SELECT version FROM release_notes WHERE release_notes.id = target.release_note_id)',
      },
      rows.flatMap((row) =>
        row.items.map((item, position) => ({ version: row.version, position, category: item.category, text: item.text })),
      ),
    );
    const itemsRemoved = await queryRows<{ version: string }>(
      db,
      withJson(
        `DELETE FROM release_note_items AS item USING jsonb_to_recordset($json::jsonb) AS input(version text, count integer), release_notes AS note
         WHERE note.version = input.version AND item.release_note_id = note.id AND item.position >= input.count
         RETURNING note.version`,
        rows.map((row) => ({ version: row.version, count: row.items.length })),
      ),
    );
    return countWrites(
      written,
      [...itemsWritten, ...itemsRemoved.map((row) => ({ key: row.version }))].map((row) => row.key),
    );
  },
});
