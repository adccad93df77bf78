import { useMemo, useState } from 'react';
import { formatQuoteNumber, type Quote } from '../../../contract';
import { Modal } from '../../../ui/modal';
import { useQuoteRevisions } from '../api/quotes';
import { compareRevisions } from '../list-rules';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cell = (value: { quantity: number; price: number } | undefined, priced: boolean) =>
  value ? `${value.quantity} × ${priced ? money.format(value.price) : '—'}` : 'Not in this revision';

/** spec 2 §2 Compare: two revisions of a quote side by side (the latest two unless chosen), what differs highlighted. */
export function CompareDialog({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const revisions = useQuoteRevisions(quote.quoteId);
  const numbers = revisions.data?.map((revision) => revision.RevisionNumber) ?? [];
  const [picked, setPicked] = useState<[number, number]>();
  const [left, right] = picked ?? [numbers.at(-2) ?? 0, numbers.at(-1) ?? 0];
  const leftRevision = revisions.data?.find((revision) => revision.RevisionNumber === left);
  const rightRevision = revisions.data?.find((revision) => revision.RevisionNumber === right);
  const rows = useMemo(() => (leftRevision && rightRevision ? compareRevisions(leftRevision.Options, rightRevision.Options) : []), [leftRevision, rightRevision]);
  const priced = (revisions.data ?? []).some((revision) => revision.Options.some((option) => option.Price > 0));
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
      {revisions.isError && <p role="alert">The revisions could not be loaded.</p>}
      {revisions.data && (
        <>
          <div className="compare-picker">
            {picker('Left', left, (next) => setPicked([next, right]))}
            {picker('Right', right, (next) => setPicked([left, next]))}
          </div>
          <p>{rows.filter((row) => row.differs).length} options differ between revision {left} and revision {right}.</p>
          <table className="compare-table">
            <caption className="visually-hidden">Options of revision {left} and revision {right}</caption>
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
                <tr key={`${row.category}-${row.optionNumber}`} className={row.differs ? 'compare-table__differs' : undefined} data-differs={row.differs || undefined}>
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
