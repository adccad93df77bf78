export { fileNameFromDisposition, saveBlob } from '../../lib/files';
/** How long a blob URL handed to another tab stays valid: long enough for the tab to load it. */
const OPENED_URL_LIFETIME_MS = 60_000;

/**
 * Opens a file the page holds in a new tab (a blob: URL, so it works offline and needs no token in
 * the address). Returns false when the browser blocked the new tab.
 */
export function openBlobInNewTab(blob: Blob): boolean {
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_LIFETIME_MS);
  return opened !== null;
}
