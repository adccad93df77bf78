import { useEffect, useState } from 'react';
import { requestBlob } from '../../../../lib/http';
import { notify } from '../../../../lib/notifier';
import { useOutboxFile } from '../../../../offline/use-outbox';
import type { ServiceAttachmentView } from '../../model';
import { imageEndpoint } from './review-model';

const PDF_TYPE = 'application/pdf';

interface FileState {
  url?: string;
  type?: string;
  failed?: boolean;
}

async function fetchAttachment(imageUrl: string, signal?: AbortSignal): Promise<Blob> {
  const target = imageEndpoint(imageUrl);
  if (!target) throw new Error(`Unknown attachment address ${imageUrl}`);
  // An <img src> cannot send the Bearer token: the bytes are read through the http client, which does.
  const { blob } = await requestBlob(target.endpoint, { query: target.query, handles: 'all', signal });
  return blob;
}

/** The server's copy of an attachment as an object URL (revoked when no longer shown); undefined `imageUrl` reads nothing. */
export function useServerFile(imageUrl: string | undefined): FileState {
  const [state, setState] = useState<FileState & { for?: string }>({});
  useEffect(() => {
    if (!imageUrl) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetchAttachment(imageUrl, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, type: blob.type, for: imageUrl });
      },
      () => {
        if (!controller.signal.aborted) setState({ failed: true, for: imageUrl });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageUrl]);
  return imageUrl && state.for === imageUrl ? state : {};
}

/** The file of an attachment: the photo waiting on this device, or the server's copy (not read for a PDF until opened). */
export function useAttachmentFile(attachment: ServiceAttachmentView): FileState & { isPdf: boolean; local: boolean } {
  const local = useOutboxFile(attachment.localFileId);
  const serverImage = !attachment.localFileId && !attachment.isPdf ? attachment.imageUrl : undefined;
  const server = useServerFile(serverImage);
  if (attachment.localFileId) {
    return { url: local?.url, type: local?.type, isPdf: local?.type === PDF_TYPE, local: true };
  }
  return { ...server, isPdf: attachment.isPdf, local: false };
}

/** Opens a server PDF in a new tab: the tab opens on the click (so no popup blocker stops it) and gets the bytes when they arrive. */
async function openServerPdf(imageUrl: string) {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchAttachment(imageUrl);
    const url = URL.createObjectURL(new Blob([blob], { type: PDF_TYPE }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    notify({
      level: 'warning',
      title: 'The PDF could not be opened.',
      description: 'It is not available on this device; try again when you are online.',
    });
  }
}

function PdfIcon() {
  return (
    <svg className="attachment-file__pdf-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 2h8l6 6v14H6z" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
      <path d="M14 2v6h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <text x="13" y="18" textAnchor="middle" fontSize="6" fontWeight="700" fill="currentColor">
        PDF
      </text>
    </svg>
  );
}

/** A thumbnail of an attachment (photo) or a PDF icon with a link that opens it. */
export function AttachmentFile({ attachment, name, large = false }: { attachment: ServiceAttachmentView; name: string; large?: boolean }) {
  const file = useAttachmentFile(attachment);
  const className = `attachment-file${large ? ' attachment-file--large' : ''}`;
  if (file.isPdf) {
    return (
      <div className={`${className} attachment-file--pdf`}>
        <PdfIcon />
        {file.local && file.url ? (
          <a href={file.url} target="_blank" rel="noopener noreferrer">
            Open PDF<span className="visually-hidden"> {name}</span>
          </a>
        ) : !file.local ? (
          <button type="button" className="button button--link" onClick={() => void openServerPdf(attachment.imageUrl)}>
            Open PDF<span className="visually-hidden"> {name}</span>
          </button>
        ) : null}
      </div>
    );
  }
  if (file.url) {
    return (
      <div className={className}>
        <img src={file.url} alt={`Photo: ${name}`} className="attachment-file__image" />
      </div>
    );
  }
  return (
    <div className={`${className} attachment-file--empty`} role="img" aria-label={`Photo: ${name}`}>
      <span aria-hidden="true">{file.failed ? 'Image not available' : 'Loading…'}</span>
    </div>
  );
}
