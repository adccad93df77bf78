import type { ReleaseNoteItem } from '../../../contract';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';

interface ReleaseNoteSeed {
  version: string;
  releaseDate: string;
  title: string;
  summary: string;
  items: ReleaseNoteItem[];
}

/** What's new? in HomeSite, newest first. */
export const RELEASE_NOTES: readonly ReleaseNoteSeed[] = [
  {
    version: '4.2.0',
    releaseDate: '2026-10-19',
    title: 'Side navigation and a faster header',
    summary: 'Every app you can open is now one click away on any page, and switching retail centers takes fewer steps.',
    items: [
      {
        category: 'New',
        text: 'A side navigation bar lists the same apps as your home screen. Apps that do not fit your window move into a More menu.',
      },
      { category: 'New', text: 'My Plants lists the phone numbers and e-mail addresses of the plants that serve your retail center.' },
      { category: 'Improved', text: 'The retail center list in the user menu can be searched by name or city.' },
      { category: 'Improved', text: 'On tablets and phones the navigation opens from the menu button at the top left.' },
      { category: 'Fixed', text: 'The page title now changes with every screen, so browser tabs and history are easier to tell apart.' },
    ],
  },
  {
    version: '4.1.0',
    releaseDate: '2026-07-13',
    title: 'Work offline',
    summary: 'HomeSite keeps working when the connection drops. Changes you make offline are sent as soon as you are back online.',
    items: [
      { category: 'New', text: 'HomeSite can be installed on a tablet and opens without a connection once you have signed in on it.' },
      { category: 'New', text: 'A sync badge in the header shows how many changes are waiting to be sent.' },
      {
        category: 'New',
        text: 'The Pending changes screen shows each waiting change, and lets you retry or discard one that the server refused.',
      },
      { category: 'Improved', text: 'Lists show how old the copy on your device is when they cannot be refreshed.' },
    ],
  },
  {
    version: '4.0.2',
    releaseDate: '2026-03-02',
    title: 'Support request fixes',
    summary: 'Small fixes to the support request form and to password reminders.',
    items: [
      { category: 'Fixed', text: 'A phone number typed with spaces is no longer rejected on the support request form.' },
      { category: 'Fixed', text: 'The password reminder counted one day too many when your password was changed late in the evening.' },
      { category: 'Improved', text: 'The support request description shows how many characters you have left.' },
    ],
  },
  {
    version: '4.0.0',
    releaseDate: '2025-12-08',
    title: 'A new HomeSite',
    summary: 'HomeSite has a new look that is easier to read on tablets, with larger buttons and clearer messages.',
    items: [
      { category: 'New', text: 'A new home screen groups your apps by sales, service, reports and resources.' },
      { category: 'New', text: 'My Account shows your password rules while you type a new password.' },
      { category: 'Improved', text: 'Messages and confirmations can be answered with the keyboard alone.' },
      { category: 'Improved', text: 'Notifications appear at the bottom right and no longer cover the page header.' },
    ],
  },
  {
    version: '3.9.1',
    releaseDate: '2025-06-23',
    title: 'Terms of use update',
    summary: 'The terms of use were updated. You are asked to review and accept them the next time you sign in.',
    items: [
      { category: 'Improved', text: 'The terms of use open in a window you can scroll through before you agree.' },
      { category: 'Fixed', text: 'Signing out from the terms window now always returns you to the sign-in page.' },
    ],
  },
  {
    version: '3.9.0',
    releaseDate: '2025-03-31',
    title: 'Help library',
    summary: 'User guides and training videos are now in one place.',
    items: [
      { category: 'New', text: 'The Help app lists user guides as PDF documents and training videos.' },
      { category: 'New', text: 'PDF guides open inside HomeSite, with search, zoom and download.' },
      { category: 'Fixed', text: 'Retail centers whose number ends in 0 are shown by name only in the retail center list.' },
    ],
  },
];

export async function seedReleaseNotes(db: Database) {
  for (const note of RELEASE_NOTES) {
    const [row] = await db
      .insert(t.releaseNotes)
      .values({ version: note.version, releaseDate: note.releaseDate, title: note.title, summary: note.summary })
      .returning({ id: t.releaseNotes.id });
    await insertRows(
      db,
      t.releaseNoteItems,
      note.items.map((item, position) => ({ releaseNoteId: row!.id, position, ...item })),
    );
  }
  return { releaseNotes: RELEASE_NOTES.length };
}
