import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { resetReachability } from '../../src/lib/reachability';

// Whether the server answers is the app's one module state fed by every call (lib/reachability.ts): each test starts afresh.
afterEach(() => resetReachability());
