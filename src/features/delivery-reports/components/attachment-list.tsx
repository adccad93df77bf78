import { useState } from 'react';
import { DELIVERY_MESSAGES } from '../../../contract';
import { PathLink } from '../../../ui/path-link';
import { AttachmentThumbnail, AttachmentViewer, type ShownAttachment } from './attachment-image';
import { ADD_ATTACHMENT } from '../routes';
import { PANEL_TITLES } from './attachment-panel';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `?attachment=` of the screen's path: where a card's Edit and the Add button open the side panel. */
export const panelHref = (screenPath: string, target: string) => `${screenPath}?attachment=${encodeURIComponent(target)}`;

/** The attachments of a form or report as cards: a photo opens the viewer; Edit and Remove when the user may change them. */
export function AttachmentList({
  attachments,
  screenPath,
  editable,
  onRemove,
  busy = false,
  removable = true,
}: {
  attachments: readonly ShownAttachment[];
  screenPath: string;
  editable: boolean;
  onRemove?: (attachment: ShownAttachment) => void;
  busy?: boolean;
  /** False when removing would leave fewer attachments than the report must keep (spec 2 §9). */
  removable?: boolean;
}) {
  const [viewing, setViewing] = useState<ShownAttachment>();
  return (
    <>
      {editable && (
        <p>
          <PathLink className="button" href={panelHref(screenPath, ADD_ATTACHMENT)}>
            {PANEL_TITLES.add}
          </PathLink>
        </p>
      )}
      {attachments.length === 0 ? (
        <p className="delivery-attachments__none">No attachments yet.</p>
      ) : (
        <ul className="delivery-attachments" aria-label="Attachments">
          {attachments.map((attachment) => (
            <li key={attachment.key} className="delivery-attachment">
              <AttachmentThumbnail attachment={attachment} onOpen={() => setViewing(attachment)} />
              <div className="delivery-attachment__text">
                <span className="delivery-attachment__description">{attachment.description || attachment.fileName}</span>
                {attachment.amount > 0 && <span>{money.format(attachment.amount)}</span>}
              </div>
              {editable && (
                <div className="delivery-attachment__actions">
                  <PathLink
                    className="button"
                    href={panelHref(screenPath, attachment.key)}
                    aria-label={`Edit ${attachment.description || attachment.fileName}`}
                  >
                    Edit
                  </PathLink>
                  <button
                    type="button"
                    className="button"
                    disabled={busy || !removable}
                    title={removable ? undefined : DELIVERY_MESSAGES.attachmentRequired}
                    onClick={() => onRemove?.(attachment)}
                    aria-label={`Remove ${attachment.description || attachment.fileName}`}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <AttachmentViewer attachment={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
