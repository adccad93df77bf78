import './not-on-device.css';

/** Text of the mark on a list row whose detail is not kept on the device, shown while the server cannot be reached. */
export const NEEDS_CONNECTION = 'Needs a connection';

/** An action that needs the server, while it cannot be reached: disabled, saying so (a menu entry's or ActionButton's props). */
export const OFFLINE_DISABLED = { disabled: true, disabledReason: NEEDS_CONNECTION } as const;

/** The mark itself: said before the row is tapped, so nobody taps into an error (issue 19). */
export function NeedsConnectionMark() {
  // The space keeps the mark a word of its own in the row's text (what a screen reader and a search read).
  return (
    <>
      {' '}
      <span className="needs-connection">{NEEDS_CONNECTION}</span>
    </>
  );
}

/** Text of the mark on a row the server found that this device does not keep (issue 31 §3: older records, online only). */
export const NOT_ON_DEVICE = 'Not on this device';

/** The mark of such a row: it opens while online, and is not there offline. */
export function NotOnDeviceMark() {
  return (
    <>
      {' '}
      <span className="needs-connection">{NOT_ON_DEVICE}</span>
    </>
  );
}

/** What a detail screen says, plainly, when its record is not on this device and the server cannot be reached. */
export const notOnDeviceMessage = (what: string) => `This ${what} isn't saved on this device. It opens when the connection is back.`;

/** The detail screen's notice for a record that is not on this device: no error, no "Try again" (it would fail the same way). */
export function NotOnDevice({ what }: { what: string }) {
  return (
    <p className="notice notice--info" role="status">
      {notOnDeviceMessage(what)}
    </p>
  );
}
