import type { HelpDocument } from '../../../contract';
import { helpCaptionsUrl, helpVideoUrl } from '../api/help-video-urls';

export interface HelpVideoPanelProps {
  document: HelpDocument;
  online: boolean;
}

/** A help video in the browser's own player (spec 1 §2 Help), with its captions when it has them. */
export function HelpVideoPanel({ document, online }: HelpVideoPanelProps) {
  return (
    <>
      {!online && (
        <p className="notice notice--warning" role="status">
          You are offline. Videos play only with a connection; the PDF guides marked Available offline can be read now.
        </p>
      )}
      <video
        key={document.documentId}
        className="help-video"
        controls
        preload="metadata"
        src={helpVideoUrl(document)}
        aria-label={document.displayName}
      >
        {document.hasCaptions && <track kind="captions" src={helpCaptionsUrl(document)} srcLang="en" label="English" default />}
        <p>Your browser cannot play this video.</p>
      </video>
    </>
  );
}
