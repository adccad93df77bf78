import { useOutboxProgress } from '../../../../offline/use-outbox';
import { UploadProgressBar } from '../../../../ui/upload-progress';

/** The progress of the photo or PDF the outbox is uploading. */
export function UploadProgress() {
  const upload = useOutboxProgress()?.upload;
  return upload ? <UploadProgressBar label="Uploading attachment" loaded={upload.loaded} total={upload.total} /> : null;
}
