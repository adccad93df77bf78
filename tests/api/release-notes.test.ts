import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ReleaseNoteList } from '../../src/contract';
import { releaseNoteItems, releaseNotes } from '../../src/server/db/schema';
import { RELEASE_NOTES } from '../../src/server/db/seed/release-notes';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/ReleaseNotes', () => {
  it('answers every release, newest first, with its items in order', async () => {
    const token = await t.login('viewer');
    const result = await t.call('GET', '/api/ReleaseNotes', { token });
    expect(result.status).toBe(200);
    const notes = v.parse(ReleaseNoteList, result.body);
    expect(notes.length).toBe(RELEASE_NOTES.length);
    expect(notes.length).toBeGreaterThanOrEqual(5);
    const dates = notes.map((note) => note.releaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(notes[0]).toMatchObject({ version: RELEASE_NOTES[0]!.version, title: RELEASE_NOTES[0]!.title, items: RELEASE_NOTES[0]!.items });
  });

  it('answers a release added to the table, with items by position whatever order they were written in', async () => {
    const [note] = await t.db
      .insert(releaseNotes)
      .values({ version: '9.0.0', releaseDate: '2099-01-05', title: 'Far future', summary: 'A release from a test.' })
      .returning({ id: releaseNotes.id });
    await t.db.insert(releaseNoteItems).values([
      { releaseNoteId: note!.id, position: 1, category: 'Fixed', text: 'second' },
      { releaseNoteId: note!.id, position: 0, category: 'New', text: 'first' },
    ]);
    const token = await t.login('internal');
    const notes = v.parse(ReleaseNoteList, (await t.call('GET', '/api/releasenotes', { token })).body);
    expect(notes[0]).toEqual({
      releaseNoteId: note!.id,
      version: '9.0.0',
      releaseDate: '2099-01-05',
      title: 'Far future',
      summary: 'A release from a test.',
      items: [
        { category: 'New', text: 'first' },
        { category: 'Fixed', text: 'second' },
      ],
    });
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/ReleaseNotes')).status).toBe(401);
  });
});
