/** What the user reads when a change was saved on the device only (spec 3 §8 toasts are for changes the server took). */
export const QUEUED_MESSAGE = 'Saved on this device. It will be sent when the connection is back.';

/** What the user reads when they settled a conflicting online save without writing (offline/conflicts.ts). */
export const DROPPED_MESSAGES = {
  theirs: 'Their version was kept; your change was not saved.',
  nothing: 'Your change was discarded.',
} as const;
