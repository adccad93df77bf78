import type { DeliveryReport } from '../../../contract';
import { formatDate } from '../../../lib/date-format';

/** The home a report is about (spec 2 §3 DeliveryReport): serial, plant, model, customer; and who submitted it, once submitted. */
export function HomeHeader({ report }: { report: DeliveryReport }) {
  return (
    <dl className="detail-list delivery-home">
      <div className="detail-list__row">
        <dt>Serial Number</dt>
        <dd>{report.serialNumber}</dd>
      </div>
      <div className="detail-list__row">
        <dt>Facility</dt>
        <dd>
          {report.plantName} ({report.plantNumber})
        </dd>
      </div>
      <div className="detail-list__row">
        <dt>Model</dt>
        <dd>{[report.modelNumber, report.modelName].filter(Boolean).join(' ')}</dd>
      </div>
      <div className="detail-list__row">
        <dt>Customer</dt>
        <dd>{report.customerName}</dd>
      </div>
      {report.submittedSurveyId !== null && (
        <>
          <div className="detail-list__row">
            <dt>Submitted By</dt>
            <dd>{report.submittedBy}</dd>
          </div>
          <div className="detail-list__row">
            <dt>Submit Date</dt>
            <dd>{formatDate(report.submitDate)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
