import { useId, useState } from 'react';
import type { ChangeConflict, ConflictChoice } from '../lib/pending-mark';
import './conflict-view.css';

export const CONFLICT_TEXT = {
  intro: 'Compare your change with theirs and choose, field by field.',
  noFields: 'Your values and theirs are the same; only the version moved on.',
  mine: 'Mine',
  theirs: 'Theirs',
  reapply: 'Re-apply mine',
  reapplyChosen: 'Re-apply with my choices',
  keepTheirs: 'Keep theirs',
  discard: 'Discard',
} as const;

/**
 * A change refused because its record changed meanwhile (409): the fields that differ, mine beside theirs,
 * each with a choice (mine by default), and what to do: re-apply on their version, keep theirs, or discard.
 * Used on the record, on the Pending changes screen, and in the dialog of an online save.
 */
export function ConflictView({
  conflict,
  label,
  onChoose,
  onDiscard,
  busy = false,
}: {
  conflict: ChangeConflict;
  /** Names the change, for screen readers. */
  label: string;
  onChoose: (choice: ConflictChoice) => void;
  onDiscard: () => void;
  busy?: boolean;
}) {
  const id = useId();
  const [theirs, setTheirs] = useState<ReadonlySet<string>>(new Set());
  const pick = (name: string, side: 'mine' | 'theirs') =>
    setTheirs((current) => {
      const next = new Set(current);
      if (side === 'theirs') next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <div className="conflict" role="group" aria-labelledby={`${id}-intro`}>
      <p id={`${id}-intro`} className="conflict__intro">
        {CONFLICT_TEXT.intro}
      </p>
      {conflict.fields.length === 0 ? (
        <p>{CONFLICT_TEXT.noFields}</p>
      ) : (
        <table className="conflict__fields">
          <caption className="visually-hidden">Fields that differ in “{label}”</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">{CONFLICT_TEXT.mine}</th>
              <th scope="col">{CONFLICT_TEXT.theirs}</th>
            </tr>
          </thead>
          <tbody>
            {conflict.fields.map((field) => (
              <tr key={field.name}>
                <th scope="row">{field.label}</th>
                {(['mine', 'theirs'] as const).map((side) => (
                  <td key={side} className={`conflict__value conflict__value--${side}`}>
                    <label>
                      <input
                        type="radio"
                        name={`${id}-${field.name}`}
                        checked={theirs.has(field.name) === (side === 'theirs')}
                        onChange={() => pick(field.name, side)}
                        disabled={busy}
                        aria-label={`${field.label}: ${side === 'mine' ? CONFLICT_TEXT.mine : CONFLICT_TEXT.theirs}, ${field[side]}`}
                      />{' '}
                      <span>{field[side]}</span>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="conflict__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => onChoose({ reapply: { theirs: [...theirs] } })}
        >
          {theirs.size > 0 ? CONFLICT_TEXT.reapplyChosen : CONFLICT_TEXT.reapply}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onChoose({ keep: 'theirs' })}>
          {CONFLICT_TEXT.keepTheirs}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onDiscard}>
          {CONFLICT_TEXT.discard}
        </button>
      </div>
    </div>
  );
}
