import { useSyncExternalStore } from 'react';
import { currentConnection, subscribeReachability, type Connection } from '../lib/reachability';

const subscribeConnection = (onChange: () => void) =>
  subscribeReachability((event) => {
    if (event === 'changed') onChange();
  });

/**
 * Online, offline (the browser says so), or unreachable (the network is up but the server does not answer):
 * lib/reachability.ts, fed by every call the app makes.
 */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, currentConnection, () => 'online');
}

/** Whether the server answers now: false when the browser is offline or the last calls got no answer. */
export function useOnline(): boolean {
  return useConnection() === 'online';
}
