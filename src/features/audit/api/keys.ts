import type { AuditFilters } from '../audit-filters';

/** Query keys of the audit log, written once. */
export const auditKeys = {
  all: ['audit'] as const,
  events: (filters: AuditFilters) => [...auditKeys.all, 'events', filters] as const,
};
