import { useSyncExternalStore } from 'react';
import { isStoreLost, subscribeStoreLost } from '../../offline/store-lost';
import './sync.css';

export const STORE_LOST_TEXT = {
  title: 'Reload to continue',
  body: 'The browser lost its connection to this device’s storage. What was saved on this device is kept; reload the page to go on.',
  reload: 'Reload',
} as const;

/**
 * Issue 22 §6: once the device's store failed again after being reopened (offline/store-lost.ts), nothing more can be
 * read or saved on this page, and the page says so with a way out instead of failing screen by screen.
 */
export function StoreLostNotice({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const lost = useSyncExternalStore(subscribeStoreLost, isStoreLost, isStoreLost);
  return (
    // An open dialog or side panel (Radix, through the aria-hidden package) hides the page behind it from assistive
    // technology, except the live regions there when it opened. This region is always there, so a notice that comes
    // while a panel is open is read and found too; "off", because the alert inside announces itself.
    <div aria-live="off">
      {lost && (
        // A page notice: over an open dialog or side panel too, and a tap on it does not close them (ui/modal.tsx).
        <div className="store-lost" role="alert" aria-labelledby="store-lost-title" data-page-notice="">
          <p>
            <strong id="store-lost-title">{STORE_LOST_TEXT.title}</strong> {STORE_LOST_TEXT.body}
          </p>
          <button type="button" className="button button--primary" onClick={reload}>
            {STORE_LOST_TEXT.reload}
          </button>
        </div>
      )}
    </div>
  );
}
