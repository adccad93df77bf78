import { formatDate } from '../../../lib/dates';
import { formatPhone, formatState } from '../../../lib/formats';
import { useProspect } from '../api/leads';

/** /crm/web/prospects/{prospectId}/contactInfo: the new prospect's contact information, read-only (spec 2 §2). */
export function ProspectContact({ prospectId }: { prospectId: number }) {
  const prospect = useProspect(prospectId);
  if (prospect.isPending) return <p className="page">Loading the prospect…</p>;
  if (!prospect.data) return <p className="page notice notice--warning" role="alert">The prospect could not be loaded.</p>;
  const person = prospect.data;
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
