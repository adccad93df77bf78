import { useEffect, useState } from 'react';
import { SURVEY_ATTACHMENTS_FOLDER, paths } from '../../../contract';
import { requestBlob } from '../../../lib/http';
import { Modal } from '../../../ui/modal';
import { isPdf } from '../attachments';

/** An attachment as the form and the view show it: kept on the device (not yet submitted) or on the server. */
export interface ShownAttachment {
  key: string;
  fileName: string;
  contentType: string;
  description: string;
  amount: number;
  source: { kind: 'device'; data: ArrayBuffer } | { kind: 'server'; imageFileName: string };
}

interface ImageState {
  url?: string;
  failed?: boolean;
}

/** The attachment's bytes as an object URL (a submitted report's from the images base, spec 2 §7), revoked when no longer shown. An <img src> cannot send the Bearer token, so server files are read through the http client. */
export function useAttachmentUrl(attachment: ShownAttachment): ImageState {
  const [state, setState] = useState<ImageState & { for?: ShownAttachment['source'] }>({});
  const { source, contentType } = attachment;
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    const show = (blob: Blob) => {
      url = URL.createObjectURL(blob);
      setState({ url, for: source });
    };
    if (source.kind === 'device') show(new Blob([source.data], { type: contentType }));
    else {
      requestBlob(paths.surveyAttachmentImage, {
        query: { folder: SURVEY_ATTACHMENTS_FOLDER, fileName: source.imageFileName },
        handles: 'all',
        signal: controller.signal,
      }).then(
        ({ blob }) => show(blob),
        () => !controller.signal.aborted && setState({ failed: true, for: source }),
      );
    }
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, contentType]);
  return state.for === source ? state : {};
}

const nameOf = (attachment: ShownAttachment) => attachment.description || attachment.fileName;

/** A thumbnail that opens the attachment image viewer (spec 2 §2); a PDF opens in a new tab instead. */
export function AttachmentThumbnail({ attachment, onOpen }: { attachment: ShownAttachment; onOpen?: () => void }) {
  const image = useAttachmentUrl(attachment);
  const placeholder = <span className="delivery-attachment__placeholder">{image.failed ? 'Not available offline' : 'Loading...'}</span>;
  if (!onOpen) {
    return (
      <span className="delivery-attachment__thumb">
        {image.url ? <img src={image.url} alt={`Preview of ${attachment.fileName}`} /> : placeholder}
      </span>
    );
  }
  if (isPdf(attachment.contentType)) {
    return (
      <a
        className="delivery-attachment__thumb delivery-attachment__thumb--pdf"
        href={image.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${nameOf(attachment)} (PDF)`}
      >
        PDF
      </a>
    );
  }
  return (
    <button type="button" className="delivery-attachment__thumb" onClick={onOpen} aria-label={`View ${nameOf(attachment)} larger`}>
      {image.url ? <img src={image.url} alt="" /> : placeholder}
    </button>
  );
}

/** spec 2 §2 attachment image viewer modal: one photo large. */
export function AttachmentViewer({ attachment, onClose }: { attachment: ShownAttachment | undefined; onClose: () => void }) {
  return (
    <Modal
      open={attachment !== undefined}
      title={attachment ? nameOf(attachment) : 'Attachment'}
      onClose={onClose}
      size="large"
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {attachment && <ViewerImage attachment={attachment} />}
    </Modal>
  );
}

function ViewerImage({ attachment }: { attachment: ShownAttachment }) {
  const image = useAttachmentUrl(attachment);
  if (image.failed)
    return (
      <p className="notice notice--warning">
        The photo could not be loaded. It is not available on this device; try again when you are online.
      </p>
    );
  if (!image.url) return <p className="page__loading">Loading...</p>;
  return <img className="delivery-viewer__image" src={image.url} alt={`${nameOf(attachment)} (${attachment.fileName})`} />;
}
