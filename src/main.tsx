import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { redirectHashBangLink, wireRouter } from './app/wiring';
import { startOffline } from './offline/runtime';
import './styles/index.css';

redirectHashBangLink();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
wireRouter(router);
// The outbox replays on start, on `online`, on an interval and on "Sync now" (ARCHITECTURE: Offline).
startOffline();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
