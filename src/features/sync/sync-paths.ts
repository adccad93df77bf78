/** The route of the pending-changes screen (the app's route table maps it to PendingChangesScreen). */
export const PENDING_CHANGES_PATH = '/pending-changes';
/** Where a user whose session expired signs in again (spec 1 §8). */
export const SIGN_IN_AGAIN_PATH = '/login/expired';
/** The route of the device-status screen (issue 23 §4): what this device keeps, Sync now, and Remove this device's data. */
export const DEVICE_STATUS_PATH = '/device-status';
