import type { ReactNode } from 'react';
import type { PendingMark } from '../lib/pending-mark';
import { PathLink } from './path-link';
import { NotOnDevice } from './not-on-device';
import { PendingBadge } from './pending-marks';
import './record-review.css';

/*
 * The review of a record kept offline (a work order, a parts order; spec 3 §2, §4): the states before it can show, the
 * header card with its title, status, pending tags, actions and fields, and how old the copy shown is.
 */

const isEmpty = (value: ReactNode) => value === '' || value === null || value === undefined;

/** A field of the header or a section: label and value, '—' when there is no value. */
export function ReviewField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="review-field">
      <dt>{label}</dt>
      <dd>{isEmpty(children) ? '—' : children}</dd>
    </div>
  );
}

/** A field of an item's row, left out when there is no value. */
export function ReviewDetail({ label, children }: { label: string; children: ReactNode }) {
  if (isEmpty(children)) return null;
  return (
    <div className="review-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A queued change of the whole record ('Submit', 'Cancel'), with its pending or failed mark. */
export function PendingTag({ label, mark }: { label: string; mark: PendingMark | undefined }) {
  if (!mark) return null;
  return (
    <span className="review-tag">
      {label} <PendingBadge mark={mark} subject={label.toLowerCase()} />
    </span>
  );
}

export interface ReviewHeaderProps {
  headingId: string;
  title: ReactNode;
  status: ReactNode;
  /** Tags after the status: closed or archived, and the record's pending marks (PendingTag). */
  tags: ReactNode;
  actions: ReactNode;
  /** The header's fields (ReviewField). */
  children: ReactNode;
}

export function ReviewHeader({ headingId, title, status, tags, actions, children }: ReviewHeaderProps) {
  return (
    <div className="review-header card">
      <div className="review-header__top">
        <div>
          <h1 className="page__title review-header__title" id={headingId}>
            {title}
          </h1>
          <p className="review-header__status">
            <span className="review-status">{status}</span>
            {tags}
          </p>
        </div>
        {actions}
      </div>
      <dl className="review-fields">{children}</dl>
    </div>
  );
}

/** The review's Submit: 'Submitting...' while it is under way; every action waits while one is (`busy`). */
export function ReviewSubmitButton({ busy, onSubmit }: { busy: string | null; onSubmit: () => void }) {
  return (
    <button type="button" className="button button--primary" disabled={busy !== null} aria-busy={busy === 'submit'} onClick={onSubmit}>
      {busy === 'submit' ? 'Submitting...' : 'Submit'}
    </button>
  );
}

export interface ReviewStateTexts {
  title: string;
  /** What the record is called in a sentence: 'work order'. */
  what: string;
  notFound: string;
  loadError: string;
  back: { href: string; label: string };
}

/** The review before its record can show: not found, not on the device (offline), failed to load, or loading. */
export function ReviewStatePage({
  status,
  pageClassName,
  texts,
  onRetry,
}: {
  /** Of the record's view; any other than these three (loading, moved to its server id) shows it loading. */
  status: string;
  pageClassName: string;
  texts: ReviewStateTexts;
  onRetry: () => void;
}) {
  const back = <PathLink href={texts.back.href}>{texts.back.label}</PathLink>;
  return (
    <div className={`page ${pageClassName}`}>
      <h1 className="page__title">{texts.title}</h1>
      {status === 'not-found' && (
        <>
          <p className="notice notice--warning" role="status">
            {texts.notFound}
          </p>
          {back}
        </>
      )}
      {status === 'not-on-device' && (
        <>
          <NotOnDevice what={texts.what} />
          {back}
        </>
      )}
      {status === 'error' && (
        // spec 3 §4, §8: a review load failure sets an error state and stops the loading display.
        <div className="notice notice--warning review-error" role="alert">
          <p>{texts.loadError}</p>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {status !== 'not-found' && status !== 'not-on-device' && status !== 'error' && (
        <p className="page__loading" role="status">
          Loading {texts.what}...
        </p>
      )}
    </div>
  );
}

/**
 * How old the copy shown is, when the server could not be reached; a record made on this device that has not reached
 * the server yet says so.
 */
export function SavedCopyNotice({
  fromCache,
  savedAge,
  pendingChanges,
  madeHere,
}: {
  fromCache: boolean;
  /** offline/age describeAge of when the copy came from the server; undefined for a record made on this device. */
  savedAge: string | undefined;
  pendingChanges: boolean;
  /** 'This request was made on this device and has not reached the server yet.' */
  madeHere: string;
}) {
  if (!fromCache) return null;
  return (
    <p className="notice notice--info" role="status">
      {savedAge === undefined ? (
        madeHere
      ) : (
        <>
          Saved copy, updated {savedAge}. The server cannot be reached{pendingChanges ? '; your changes will be sent when it can' : ''}.
        </>
      )}
    </p>
  );
}
