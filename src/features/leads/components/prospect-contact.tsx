import { formatDate } from '../../../lib/date-format';
import { formatPhone, formatState } from '../../../lib/formats';
import { isOfflineError } from '../../../lib/http';
import { describeAge } from '../../../offline/age';
import { useNow } from '../../../offline/use-now';
import { NotOnDevice } from '../../../ui/not-on-device';
import { useProspect } from '../api/leads';

/**
 * /crm/web/prospects/{prospectId}/contactInfo: the new prospect's contact information, read-only (spec 2 §2). Kept
 * once opened: offline it shows the kept copy with its age, or says plainly that it is not on this device.
 */
export function ProspectContact({ prospectId }: { prospectId: number }) {
  const prospect = useProspect(prospectId);
  const now = useNow();
  if (prospect.isPending) return <p className="page">Loading the prospect…</p>;
  if (!prospect.data) {
    return (
      <div className="page">
        <h1 className="page__title">Contact Info</h1>
        {isOfflineError(prospect.error) ? (
          <NotOnDevice what="prospect" />
        ) : (
          <p className="notice notice--warning" role="alert">
            The prospect could not be loaded.
          </p>
        )}
      </div>
    );
  }
  const { data: person, fromCache, storedAt } = prospect.data;
  const rows: [string, string][] = [
    ['Name', `${person.firstName} ${person.lastName}`],
    ['Email', person.email],
    ['Phone', formatPhone(person.dayPhone)],
    ['Address', `${person.address}, ${person.city}, ${formatState(person.state)} ${person.zip}`],
    ['Comments', person.comments],
    ['Created', formatDate(person.createdAt)],
  ];
  return (
    <div className="page">
      <h1 className="page__title">Contact Info</h1>
      {fromCache && (
        <p className="notice notice--info" role="status">
          Saved copy, updated {describeAge(storedAt, now)}. It refreshes when the connection is back.
        </p>
      )}
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-list__row">
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
