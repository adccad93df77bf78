import { syncKeptLists } from './kept-lists';
import { startAppLiveChanges } from './live-changes';
import { startPeriodicRefresh } from './periodic-refresh-registration';
import { startOffline } from './runtime';

/**
 * Everything that keeps the device in step once a signed-in screen has painted, in the chunk main.tsx loads then (not
 * in the first load): the outbox's replay triggers (ARCHITECTURE: Offline), live changes (issue 23 §1), one stream
 * per browser telling the tabs which kept lists to pull, and on an installed app the kept lists' periodic refresh with
 * the app closed (issue 23 §2).
 */
export function startDeviceSync() {
  startOffline();
  startAppLiveChanges((lists) => void syncKeptLists(lists));
  void startPeriodicRefresh();
}
