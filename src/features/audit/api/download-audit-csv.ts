import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../contract';
import { localIsoDay } from '../../../lib/date-format';
import { fileNameFromDisposition, saveBlob } from '../../../lib/files';
import { requestBlob } from '../../../lib/http';
import type { AuditFilters } from '../audit-filters';

/** GET {api}/api/Audit/csv: every event the filters match, as a CSV file the browser saves. */
export async function downloadAuditCsv(filters: AuditFilters) {
  const { blob, headers } = await requestBlob(paths.auditCsv, { query: { ...filters } });
  saveBlob(blob, fileNameFromDisposition(headers.get('content-disposition')) ?? `audit-log-${localIsoDay(new Date())}.csv`);
}

export const useDownloadAuditCsv = () => useMutation({ mutationFn: downloadAuditCsv });
