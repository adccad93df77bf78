import { useMemo, useState } from 'react';
import { formatQuoteNumber, type Quote } from '../../../contract';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/use-now';
import { Modal } from '../../../ui/modal';
import { NotOnDevice } from '../../../ui/not-on-device';
import { useQuoteRevisions } from '../api/quotes';
import { compareRevisions } from '../list-rules';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cell = (value: { quantity: number; price: number } | undefined, priced: boolean) =>
  value ? `${value.quantity} × ${priced ? money.format(value.price) : '—'}` : 'Not in this revision';

/**
 * spec 2 §2 Compare: two revisions of a quote side by side (the latest two unless chosen), what differs highlighted.
 * The revisions are kept once compared, so the comparison reopens offline with its age (issue 19).
 */
export function CompareDialog({ quote, scope, onClose }: { quote: Quote; scope: string; onClose: () => void }) {
  const revisions = useQuoteRevisions(scope, quote.quoteId);
  const now = useNow();
  const read = revisions.data;
  const data = read?.data;
  const numbers = data?.map((revision) => revision.RevisionNumber) ?? [];
  const [picked, setPicked] = useState<[number, number]>();
  const [left, right] = picked ?? [numbers.at(-2) ?? 0, numbers.at(-1) ?? 0];
  const leftRevision = data?.find((revision) => revision.RevisionNumber === left);
  const rightRevision = data?.find((revision) => revision.RevisionNumber === right);
  const rows = useMemo(
    () => (leftRevision && rightRevision ? compareRevisions(leftRevision.Options, rightRevision.Options) : []),
    [leftRevision, rightRevision],
  );
  const priced = (data ?? []).some((revision) => revision.Options.some((option) => option.Price > 0));
  const picker = (label: string, value: number, onChange: (next: number) => void) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {numbers.map((number) => (
          <option key={number} value={number}>
            Revision {number}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Modal
      open
      size="large"
      title={`Compare ${formatQuoteNumber(quote.quoteNumber)}`}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {revisions.isPending && <p>Loading the revisions…</p>}
      {revisions.isError &&
        (isOfflineError(revisions.error) ? <NotOnDevice what="comparison" /> : <p role="alert">The revisions could not be loaded.</p>)}
      {read && data && (
        <>
          {read.fromCache && (
            <p className="notice notice--info" role="status">
              Saved copy, updated {describeAge(read.storedAt, now)}. It refreshes when the connection is back.
            </p>
          )}
          <div className="compare-picker">
            {picker('Left', left, (next) => setPicked([next, right]))}
            {picker('Right', right, (next) => setPicked([left, next]))}
          </div>
          <p>
            {rows.filter((row) => row.differs).length} options differ between revision {left} and revision {right}.
          </p>
          <table className="compare-table">
            <caption className="visually-hidden">
              Options of revision {left} and revision {right}
            </caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Option</th>
                <th scope="col">Description</th>
                <th scope="col">Revision {left}</th>
                <th scope="col">Revision {right}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.category}-${row.optionNumber}`}
                  className={row.differs ? 'compare-table__differs' : undefined}
                  data-differs={row.differs || undefined}
                >
                  <td>{row.category}</td>
                  <td>{row.optionNumber}</td>
                  <td>{row.description}</td>
                  <td>{cell(row.left, priced)}</td>
                  <td>{cell(row.right, priced)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Modal>
  );
}
