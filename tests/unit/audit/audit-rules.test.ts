import { describe, expect, it } from 'vitest';
import { auditActorLabel, describeAuditDetails } from '../../../src/features/audit/audit-details';
import { auditFilters } from '../../../src/features/audit/audit-filters';
import { formatDateTime } from '../../../src/lib/date-format';

describe('audit details in one line (issue 29)', () => {
  it('a change: from → to, lists joined', () => {
    expect(describeAuditDetails({ from: ['Sales_User'], to: ['Sales_User', 'Service_User'] })).toBe(
      'Sales_User → Sales_User, Service_User',
    );
    expect(describeAuditDetails({ from: [], to: ['4217'] })).toBe('none → 4217');
  });

  it('an import: its kind and counts', () => {
    expect(describeAuditDetails({ kind: 'users', inserted: 3, updated: 2, unchanged: 40 })).toBe(
      'users: 3 inserted, 2 updated, 40 unchanged',
    );
    expect(describeAuditDetails({ kind: 'users', inserted: 1, file: 'users.csv' })).toBe('users: 1 inserted; file: users.csv');
  });

  it('anything else: key: value pairs; nothing for no details', () => {
    expect(describeAuditDetails({ reason: 'bad password', attempts: 3 })).toBe('reason: bad password; attempts: 3');
    expect(describeAuditDetails({})).toBe('');
  });
});

describe('who did it', () => {
  it('a user by name, the command line, an API key by name, nobody as a dash', () => {
    expect(auditActorLabel({ actorKind: 'user', actorName: 'alex@demo.test' })).toBe('alex@demo.test');
    expect(auditActorLabel({ actorKind: 'cli', actorName: null })).toBe('Command line');
    expect(auditActorLabel({ actorKind: 'cli', actorName: 'ops' })).toBe('Command line (ops)');
    expect(auditActorLabel({ actorKind: 'api-key', actorName: 'erp-sync' })).toBe('API key erp-sync');
    expect(auditActorLabel({ actorKind: 'anonymous', actorName: null })).toBe('—');
  });
});

describe("the filters as the server takes them: the viewer's own days as instants", () => {
  it('From is the local midnight starting its day, To the local midnight ending its day', () => {
    expect(auditFilters({ user: ' beth ', action: 'sign-in.failed', from: '03/01/2026', to: '03/31/2026' })).toEqual({
      user: 'beth',
      action: 'sign-in.failed',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('leaves out what is empty or not yet a whole date', () => {
    expect(auditFilters({ user: '  ', action: '', from: '03/0', to: '02/30/2026' })).toEqual({});
  });
});

describe('formatDateTime', () => {
  it("shows an instant in the viewer's zone as MM/DD/YYYY h:mm AM/PM", () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('03/05/2026 2:07 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 30).toISOString())).toBe('12/31/2026 12:30 AM');
  });
});
