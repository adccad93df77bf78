import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { PendingMark } from '../../../lib/pending-mark';
import { useOutboxEvents } from '../../../offline/use-outbox';
import { outboxActions } from '../../../offline/runtime';
import { FailedChangeActions, PendingBadge } from '../../../ui/pending-marks';
import { UploadProgressBar } from '../../../ui/upload-progress';
import { submittedIdOf } from '../api/answers';
import { deliveryRoutes } from '../routes';

/**
 * issue 12 §5: a report submitted with no connection waits in the outbox as its POST /DeliveryForm. Shown as pending
 * (or refused, with Retry and Discard); while it is being sent, the upload's progress; once the server took it, its
 * read-only view.
 */
export function SubmissionPending({ mark, serialNumber }: { mark: PendingMark & { entryId: string }; serialNumber: string }) {
  const router = useRouter();
  const [upload, setUpload] = useState<{ loaded: number; total: number }>();
  useOutboxEvents((event) => {
    if (event.type === 'progress' && event.upload?.entryId === mark.entryId)
      setUpload({ loaded: event.upload.loaded, total: event.upload.total });
    else if ((event.type === 'retrying' || event.type === 'failed') && event.entry.id === mark.entryId) setUpload(undefined);
    else if (event.type === 'sent' && event.entry.id === mark.entryId) {
      const id = submittedIdOf(event.answer.body);
      void router.navigate({ href: id ? deliveryRoutes.view(id) : deliveryRoutes.start, replace: true });
    }
  });
  return (
    <section className="delivery-pending" aria-labelledby="delivery-pending-title">
      <h2 id="delivery-pending-title" className="form__legend">
        Delivery report submitted on this device <PendingBadge mark={mark} subject={`delivery report for home ${serialNumber}`} />
      </h2>
      {mark.state === 'pending' ? (
        <p>It is saved on this device and will be sent as soon as the connection is back. You can leave this page; nothing is lost.</p>
      ) : (
        <p>
          The server did not take this report. <FailedChangeActions mark={mark} actions={outboxActions} />
        </p>
      )}
      {upload && <UploadProgressBar label="Uploading delivery report" loaded={upload.loaded} total={upload.total} />}
    </section>
  );
}
