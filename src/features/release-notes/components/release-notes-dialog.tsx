import { formatDate } from '../../../lib/formats';
import { RELEASE_NOTE_CATEGORIES, type ReleaseNote } from '../../../contract';
import { useOnline } from '../../../offline/use-connection';
import { useDataAge } from '../../../offline/use-data-age';
import { Modal } from '../../../ui/modal';
import { releaseNoteKeys, useReleaseNotes } from '../api/get-release-notes';

export const WHATS_NEW_TITLE = "What's new?";

function Release({ note, headingId }: { note: ReleaseNote; headingId: string }) {
  return (
    <article className="release-note" aria-labelledby={headingId}>
      <h3 id={headingId} className="release-note__title">
        <span className="release-note__version">HomeSite {note.version}</span> {note.title}
      </h3>
      <p className="release-note__date">Released {formatDate(note.releaseDate)}</p>
      <p className="release-note__summary">{note.summary}</p>
      {RELEASE_NOTE_CATEGORIES.map((category) => {
        const items = note.items.filter((item) => item.category === category);
        if (items.length === 0) return null;
        return (
          <section key={category} className="release-note__group">
            <h4 className={`release-note__category release-note__category--${category.toLowerCase()}`}>{category}</h4>
            <ul className="release-note__items">
              {items.map((item) => (
                <li key={item.text}>{item.text}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </article>
  );
}

function ReleaseNotesBody() {
  const query = useReleaseNotes();
  const online = useOnline();
  const age = useDataAge(releaseNoteKeys.list());

  if (query.data) {
    return (
      <>
        {(!online || query.isError) && age && (
          <p className="notice notice--info" role="status">
            You are seeing the copy stored on this device. {age}.
          </p>
        )}
        {query.data.length === 0 ? (
          <p>There are no release notes yet.</p>
        ) : (
          query.data.map((note) => <Release key={note.releaseNoteId} note={note} headingId={`release-${note.releaseNoteId}`} />)
        )}
      </>
    );
  }
  if (query.isError) return <p role="alert">The release notes could not be loaded. Please try again later.</p>;
  if (!online || query.fetchStatus === 'paused') {
    return <p role="status">You are offline. The release notes will be available when you are back online.</p>;
  }
  return <p role="status">Loading the release notes…</p>;
}

/** What's new? (spec 1 §2 header item): HomeSite's release notes, newest first, in a dialog over the page. */
export function ReleaseNotesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={WHATS_NEW_TITLE}
      onClose={onClose}
      size="large"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {open && <ReleaseNotesBody />}
    </Modal>
  );
}
