import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES, QUESTION_TYPES, type DeliveryReport } from '../../../src/contract';
import { resetHttpClients, setHttpNavigation } from '../../../src/lib/http';
import { setNotifier, type Notification } from '../../../src/lib/notifier';
import type { OfflineDb, OutboxEntry } from '../../../src/offline/db';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { ModalsProvider } from '../../../src/ui/modals';
import { CANCEL_CONFIRMATION, INVALID_CHARACTERS_FLAG } from '../../../src/features/delivery-reports/components/delivery-form';
import { DeliveryFormScreen } from '../../../src/features/delivery-reports/components/delivery-form-screen';
import { jsonResponse, renderScreen } from '../fixtures/render-screen';
import { freshDb } from '../offline/helpers';

/*
 * The blank form as a user meets it (spec 2 §2, §4, §5, §8): required marks, the flags on a submit with nothing, the
 * invalid-characters flag, Cancel asking once something is answered, and a complete form with a photo submitted as one
 * POST /DeliveryForm through the outbox, with the §8 toast and the view of the new id.
 */

const SCOPE = 'service@demo.homesite.test:4217';
const question = (questionId: number, questionText: string, questionType: 1 | 2 | 3 | 4, isRequired = true) => ({
  questionId,
  questionText,
  questionType,
  isRequired,
  sequence: questionId,
  answer: null,
});

const blank: DeliveryReport = {
  surveyId: 1,
  submittedSurveyId: null,
  plantNumber: '910',
  plantName: 'Clinton West',
  serialNumber: 'ABC123',
  modelNumber: '32ANN76B4',
  modelName: 'The Anniversary 76',
  customerName: 'Ann Lee',
  submittedBy: '',
  submitDate: null,
  deliveryDateQuestion: question(1, 'Date the home was delivered', QUESTION_TYPES.dateTime),
  siteDeliveryQuestion: question(2, 'Was the home set on the site as planned?', QUESTION_TYPES.yesNo),
  questionGroups: [
    {
      questionGroupId: 1,
      title: 'Exterior',
      sequence: 1,
      questions: [question(3, 'Siding free of damage', QUESTION_TYPES.trueFalse), question(4, 'Set-up notes', QUESTION_TYPES.string)],
    },
    { questionGroupId: 2, title: 'Interior', sequence: 2, questions: [question(5, 'Interior notes', QUESTION_TYPES.string, false)] },
  ],
  surveyAttachments: [],
};

let db: OfflineDb;
let sent: OutboxEntry[];
let notices: Notification[];

beforeEach(() => {
  db = freshDb();
  sent = [];
  notices = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      if (path === '/api/Survey') return jsonResponse(200, []);
      if (path === '/api/DeliveryForm/910/ABC123') return jsonResponse(200, blank);
      return jsonResponse(404, { message: 'No route' });
    }),
  );
  resetHttpClients();
  setNotifier({ notify: (notice) => notices.push(notice) });
  setHttpNavigation({ currentPath: () => '/', navigate: () => undefined });
  setOfflineRuntime(
    createOfflineRuntime({
      db,
      send: async (entry) => {
        sent.push(entry);
        return { status: 200, body: { submittedSurveyId: 42 } };
      },
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  setHttpNavigation(null);
  setOfflineRuntime(undefined);
});

/** The form as its route renders it: ?attachment= opens the side panel. */
function FormRoute() {
  const attachment = useSearch({
    strict: false,
    select: (search: { attachment?: unknown }) => (search.attachment === undefined ? undefined : String(search.attachment)),
  });
  return (
    <ModalsProvider>
      <DeliveryFormScreen scope={SCOPE} plantNumber="910" serialNumber="ABC123" panelTarget={attachment} />
    </ModalsProvider>
  );
}

async function renderForm() {
  const view = await renderScreen(FormRoute, { path: '/surveys/deliveryreports/910/ABC123' });
  await screen.findByRole('form', { name: 'Delivery report for home ABC123' });
  return view;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const choose = (group: string, label: string) => fireEvent.click(within(screen.getByRole('group', { name: group })).getByLabelText(label));

describe('the delivery form', () => {
  it('marks the required questions and flags every missing answer and the attachment minimum on submit', async () => {
    await renderForm();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Date the home was delivered' }).getAttribute('required')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Interior notes' }).getAttribute('required')).toBeNull();
    submit();
    await screen.findByText(DELIVERY_MESSAGES.attachmentRequired);
    await waitFor(() => expect(screen.getAllByText(DELIVERY_MESSAGES.answerRequired)).toHaveLength(4));
    expect(sent).toEqual([]);
  });

  it('flags answers with characters no field may hold', async () => {
    await renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Set-up notes' }), { target: { value: 'Level\u0007 and tied' } });
    submit();
    await screen.findByText(INVALID_CHARACTERS_FLAG);
  });

  it('asks before cancelling once a question is answered', async () => {
    await renderForm();
    choose('Was the home set on the site as planned?', 'No');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CANCEL_CONFIRMATION)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('form')).toBeTruthy();
  });

  it('refuses a whole selection with one file of another type, and asks before closing the panel with a file chosen', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('link', { name: 'Add Attachment' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Attachment' });
    const input = within(panel).getByLabelText('Take or choose photos') as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.accept).not.toContain('pdf');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9])], 'front.jpg', { type: 'image/jpeg' });
    const notes = new File(['not a photo'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [photo, notes] } });
    await waitFor(() =>
      expect(notices).toContainEqual(
        expect.objectContaining({ title: DELIVERY_MESSAGES.invalidFileTitle, description: DELIVERY_MESSAGES.invalidFile }),
      ),
    );
    expect(within(panel).queryByRole('list', { name: 'Files to attach' })).toBeNull();

    fireEvent.change(input, { target: { files: [photo] } });
    await within(panel).findByRole('list', { name: 'Files to attach' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await screen.findByText(DELIVERY_MESSAGES.unsavedChanges);
  });

  it('submits a complete form with its photo as one POST /DeliveryForm and opens the new report', async () => {
    const { router } = await renderForm();
    // The date goes through its mask (99/99/9999), which listens to input events.
    fireEvent.input(screen.getByRole('textbox', { name: 'Date the home was delivered' }), { target: { value: '11/20/2026' } });
    choose('Was the home set on the site as planned?', 'Yes');
    choose('Siding free of damage', 'True');
    fireEvent.change(screen.getByRole('textbox', { name: 'Set-up notes' }), { target: { value: 'Level and tied down' } });

    fireEvent.click(screen.getByRole('link', { name: 'Add Attachment' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Attachment' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(panel).getByLabelText('Take or choose photos'), { target: { files: [photo] } });
    await within(panel).findByRole('list', { name: 'Files to attach' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Description' }), { target: { value: 'Front, east side' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices.map((notice) => notice.title)).toContain(DELIVERY_MESSAGES.attachmentsAdded);
    await screen.findByRole('button', { name: 'View Front, east side larger' });

    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/surveys/deliveryreports/42'));
    expect(notices.map((notice) => notice.title)).toContain(DELIVERY_MESSAGES.submitted);
    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call).toMatchObject({ method: 'POST', path: '/DeliveryForm' });
    expect(call!.body).toMatchObject({
      plantNumber: '910',
      serialNumber: 'ABC123',
      deliveryDateQuestion: { questionId: 1, answer: '2026-11-20' },
      siteDeliveryQuestion: { questionId: 2, answer: 'Yes' },
      questionGroups: [
        {
          questionGroupId: 1,
          questions: [
            { questionId: 3, answer: 'true' },
            { questionId: 4, answer: 'Level and tied down' },
          ],
        },
        { questionGroupId: 2, questions: [{ questionId: 5, answer: null }] },
      ],
      surveyAttachments: [
        {
          imageFileName: 'front.jpg',
          base64Image: btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3)),
          description: 'Front, east side',
          amount: 0,
        },
      ],
    });
    // Submitted, the draft is gone.
    expect(await db.entities.where('kind').equals('delivery-report-draft').count()).toBe(0);
  });
});
