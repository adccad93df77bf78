import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryReportRow } from '../../../src/contract';
import { ReportsScreen } from '../../../src/features/reports/components/reports-screen';
import { demoProfile } from '../fixtures/demo-profiles';
import { renderScreen } from '../fixtures/render-screen';
import { isMarked, setUpOfflineRows, tearDownOfflineRows, withListLayout, type OfflineRowsEnv } from './offline-rows-harness';

/*
 * Issue 19 on the Reports screen: of the five reports only the delivery reports' rows open something (the report's
 * read-only view), kept on the device once opened. While the server cannot be reached, a row whose report is not kept
 * says 'Needs a connection' before it is tapped; the others, and every row online, say nothing.
 */

withListLayout();

/** Rendering lists on fake-indexeddb is slow on a loaded 2-core machine (5 s was exceeded). */
const TEST_TIMEOUT = 20_000;

const KIND = 'delivery-report';
const SCOPE = 'sales@demo.homesite.test:4217';
const row = (submittedSurveyId: number, serialNumber: string): DeliveryReportRow => ({
  submittedSurveyId,
  serialNumber,
  plantNumber: '910',
  plantName: 'Clinton West',
  submittedBy: 'Sam Sales',
  submitDate: `2026-10-0${submittedSurveyId - 10}T14:00:00.000Z`,
});
const ROWS = [row(11, 'CW910011'), row(12, 'CW910012'), row(13, 'CW910013')];

let env: OfflineRowsEnv;
beforeEach(() => {
  env = setUpOfflineRows({ '/api/Survey': (url) => (url.searchParams.get('surveyId') === '1' ? ROWS : undefined) });
});
afterEach(() => {
  cleanup();
  tearDownOfflineRows();
});

const Reports = () => <ReportsScreen user={demoProfile('sales')} scope={SCOPE} keptDeliveryReportKind={KIND} />;
const rowOf = (serialNumber: string) => screen.getByRole('link', { name: serialNumber }).closest<HTMLElement>('[role="row"]')!;

describe('the delivery reports of the Reports screen offline (issue 19)', () => {
  it(
    'marks, while the server cannot be reached, the rows whose report is not on the device, and no row online',
    async () => {
      await renderScreen(Reports, { path: '/reports' });
      await screen.findByRole('link', { name: 'CW910013' });
      expect(ROWS.map((entry) => isMarked(rowOf(entry.serialNumber)))).toEqual([false, false, false]);

      // Report 11 was opened once (the view keeps it); the connection goes.
      await env.keep(KIND, '11', { submittedSurveyId: 11 });
      await env.setOnline(false);
      await waitFor(() => expect(isMarked(rowOf('CW910012'))).toBe(true));
      expect(ROWS.map((entry) => isMarked(rowOf(entry.serialNumber)))).toEqual([false, true, true]);
      // The mark is said once per row, on the serial that opens the report.
      expect(within(rowOf('CW910012')).getAllByText('Needs a connection')).toHaveLength(1);

      // Back online, the rows open from the server again: no mark.
      await env.setOnline(true);
      await waitFor(() => expect(isMarked(rowOf('CW910012'))).toBe(false));
    },
    TEST_TIMEOUT,
  );

  it(
    'opened offline, shows the kept list with its age and marks the reports not kept as they are kept',
    async () => {
      await env.keep('report:delivery-reports', SCOPE, ROWS);
      await env.keep(KIND, '12', { submittedSurveyId: 12 });
      await env.setOnline(false);
      await renderScreen(Reports, { path: '/reports' });
      await screen.findByText(/^Saved copy, updated 1 hour ago/);
      await waitFor(() => expect(isMarked(rowOf('CW910011'))).toBe(true));
      expect(ROWS.map((entry) => isMarked(rowOf(entry.serialNumber)))).toEqual([true, false, true]);

      // Report 13 is kept meanwhile (opened in another tab): its mark goes.
      await env.keep(KIND, '13', { submittedSurveyId: 13 });
      await waitFor(() => expect(isMarked(rowOf('CW910013'))).toBe(false));
    },
    TEST_TIMEOUT,
  );
});
