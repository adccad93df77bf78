import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterFirstScreen } from './app/deferred';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { redirectHashBangLink, wireRouter } from './app/wiring';
import { readToken } from './lib/session-token';
import './styles/index.css';

redirectHashBangLink();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
wireRouter(router);
// The outbox replays on start, on `online`, on an interval and on "Sync now" (ARCHITECTURE: Offline); live changes tell
// which kept lists to pull. Both are a chunk of their own (offline/start-device-sync), started once a signed-in screen
// has painted: queued changes only ever go out under their owner's sign-in, so the login screen has nothing to send
// (screens that read the offline store import the runtime themselves).
let offlineStarted = false;
function startOfflineWhenSignedIn() {
  if (offlineStarted || !readToken()) return;
  offlineStarted = true;
  afterFirstScreen(() => {
    import('./offline/start-device-sync').then(
      ({ startDeviceSync }) => startDeviceSync(),
      (error: unknown) => console.error('device sync (outbox replay, live changes) could not be loaded', error),
    );
  });
}
startOfflineWhenSignedIn();
router.subscribe('onResolved', startOfflineWhenSignedIn);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
