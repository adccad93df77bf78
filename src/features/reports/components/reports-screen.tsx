import { useStore } from '@tanstack/react-form';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { businessDay, zoneOfUser, type CmhUser, type DeliveryReportRow } from '../../../contract';
import { useNeedsConnection } from '../../../offline/kept-detail-ids';
import { useNow } from '../../../offline/use-now';
import { revalidateLogic, useAppForm } from '../../../ui/form';
import { NeedsConnectionMark } from '../../../ui/not-on-device';
import { PathLink } from '../../../ui/path-link';
import { SelectFilter } from '../../../ui/select-filter';
import {
  useDeliveryReportList,
  useOpenPartsOrders,
  useOpenServiceRequests,
  usePaidServiceOrders,
  useReceivableServiceOrders,
} from '../api/reports';
import { DELIVERY_COLUMNS, PAID_COLUMNS, PARTS_COLUMNS, RECEIVABLE_COLUMNS, SERVICE_COLUMNS, totalAmount } from '../report-columns';
import {
  NEW_DELIVERY_REPORT_PATH,
  REPORTS,
  canAddDeliveryReport,
  deliveryReportPath,
  initialReport,
  isReportKey,
  lastMonthRange,
  paidDatesSchema,
  paidRangeNotice,
  paidRangeQuery,
  type ReportKey,
} from '../report-rules';
import { ReportList } from './report-list';
import '../reports.css';

/**
 * A delivery report's serial opens its read-only view (spec 2 §2 /reports/deliveryreports/{submittedSurveyId}). A report
 * is kept on the device once opened, not for every row (its photos make it heavy); while the server cannot be
 * reached, a row whose report is not kept says so before it is tapped (issue 19).
 */
function useDeliveryCells(keptDeliveryReportKind: string) {
  const needsConnection = useNeedsConnection(keptDeliveryReportKind);
  return useMemo(
    () => ({
      serialNumber: (row: DeliveryReportRow) => (
        <>
          <PathLink href={deliveryReportPath(row.submittedSurveyId)}>{row.serialNumber}</PathLink>
          {needsConnection(String(row.submittedSurveyId)) && <NeedsConnectionMark />}
        </>
      ),
    }),
    [needsConnection],
  );
}

const billingSummary = (rows: readonly { amount: number }[]) =>
  `${rows.length} ${rows.length === 1 ? 'billing' : 'billings'}, ${totalAmount(rows)} in all.`;

/**
 * spec 2 §2 Reports (/reports): the five reports, each sortable, searchable, exportable, printable and kept for offline
 * reading. Only the delivery reports' rows open something (the report); `keptDeliveryReportKind` is the cache kind
 * (offline/cached-read) under which the delivery-reports feature keeps the reports opened, handed over by the route.
 */
export function ReportsScreen({ user, scope, keptDeliveryReportKind }: { user: CmhUser; scope: string; keptDeliveryReportKind: string }) {
  const router = useRouter();
  const deliveryCells = useDeliveryCells(keptDeliveryReportKind);
  const [report, setReport] = useState<ReportKey>(() => initialReport(user));
  const now = useNow();
  // spec 2 §2, §5: the paid report's dates, the previous calendar month unless changed; it re-runs whenever the range is valid.
  const paidForm = useAppForm({
    defaultValues: lastMonthRange(businessDay(zoneOfUser(user))),
    validationLogic: revalidateLogic({ mode: 'change', modeAfterSubmission: 'change' }),
    validators: { onDynamic: paidDatesSchema },
  });
  const paidRange = useStore(paidForm.store, (state) => state.values);
  const paidQuery = paidRangeQuery(paidRange);

  const service = useOpenServiceRequests(scope, report === 'openServiceRequests');
  const parts = useOpenPartsOrders(scope, report === 'openPartsOrders');
  const paid = usePaidServiceOrders(scope, paidQuery, report === 'paidServiceOrders');
  const receivable = useReceivableServiceOrders(scope, report === 'receivableServiceOrders');
  const delivery = useDeliveryReportList(scope, report === 'deliveryReports');

  const title =
    report === 'paidServiceOrders' && paidQuery ? `${REPORTS[report]}, ${paidRange.start} to ${paidRange.end}` : REPORTS[report];

  return (
    <div className="page reports-page">
      <h1 className="page__title">Reports</h1>
      <div className="list-filters reports-choice">
        <SelectFilter
          label="Report"
          value={report}
          onChange={(value) => isReportKey(value) && setReport(value)}
          options={Object.entries(REPORTS).map(([value, label]) => ({ value, label }))}
        />
        {report === 'paidServiceOrders' && (
          <>
            <paidForm.AppField name="start">{(field) => <field.DateField label="Start Date" required />}</paidForm.AppField>
            <paidForm.AppField name="end">{(field) => <field.DateField label="End Date" required />}</paidForm.AppField>
          </>
        )}
      </div>
      <h2 className="reports-page__title">{title}</h2>
      {report === 'openServiceRequests' && (
        <ReportList
          key={report}
          title={REPORTS[report]}
          read={service}
          columns={SERVICE_COLUMNS}
          rowKey={(row) => row.serviceRequestId}
          now={now}
        />
      )}
      {report === 'openPartsOrders' && (
        <ReportList
          key={report}
          title={REPORTS[report]}
          read={parts}
          columns={PARTS_COLUMNS}
          rowKey={(row) => row.requestNumber}
          now={now}
        />
      )}
      {report === 'paidServiceOrders' &&
        (paidQuery ? (
          <ReportList
            key={report}
            title={REPORTS[report]}
            read={paid}
            columns={PAID_COLUMNS}
            rowKey={(row) => row.billingId}
            now={now}
            summary={billingSummary}
            wide
          />
        ) : (
          <p className="notice notice--warning" role="status">
            {paidRangeNotice(paidRange)}
          </p>
        ))}
      {report === 'receivableServiceOrders' && (
        <ReportList
          key={report}
          title={REPORTS[report]}
          read={receivable}
          columns={RECEIVABLE_COLUMNS}
          rowKey={(row) => row.billingId}
          now={now}
          summary={billingSummary}
          wide
        />
      )}
      {report === 'deliveryReports' && (
        <ReportList
          key={report}
          title={REPORTS[report]}
          read={delivery}
          columns={DELIVERY_COLUMNS}
          rowKey={(row) => row.submittedSurveyId}
          now={now}
          renderCell={deliveryCells}
          onRowClick={(row) => void router.navigate({ href: deliveryReportPath(row.submittedSurveyId) })}
          tools={
            canAddDeliveryReport(user) && (
              <PathLink className="button button--primary" href={NEW_DELIVERY_REPORT_PATH}>
                New Delivery Report
              </PathLink>
            )
          }
        />
      )}
    </div>
  );
}
