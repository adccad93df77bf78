import { describe, expect, it, vi } from 'vitest';
import {
  KEPT_LISTS_REFRESH_INTERVAL_MS,
  startPeriodicRefresh,
  stopPeriodicRefresh,
  type PeriodicRefreshEnvironment,
} from '../../../src/offline/periodic-refresh-registration';
import { KEPT_LISTS_REFRESH_TAG } from '../../../src/offline/sw-messages';

/*
 * Issue 23 §2: the page registers the kept lists' periodic refresh only on an installed app whose browser granted
 * Periodic Background Sync, and removes it on sign-out. Headless Chromium can neither install the app nor grant the
 * permission (tests/e2e/periodic-sync.test.ts says why), so the decision is checked here.
 */

function environment(options: { installed?: boolean; permission?: PermissionState | 'unknown'; periodicSync?: boolean } = {}) {
  const periodicSync = { register: vi.fn(() => Promise.resolve()), unregister: vi.fn(() => Promise.resolve()) };
  const registration = ((options.periodicSync ?? true) ? { periodicSync } : {}) as ServiceWorkerRegistration;
  const query = vi.fn((descriptor: PermissionDescriptor) =>
    options.permission === 'unknown'
      ? Promise.reject(new TypeError(`'${descriptor.name}' is not a valid permission name`))
      : Promise.resolve({ state: options.permission ?? 'granted' } as PermissionStatus),
  );
  const env: PeriodicRefreshEnvironment = {
    installed: () => options.installed ?? true,
    serviceWorker: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
    permissions: { query },
  };
  return { env, periodicSync, query };
}

describe('the periodic refresh registered by the page', () => {
  it('is registered, every 12 hours at most, on an installed app whose browser granted it', async () => {
    const { env, periodicSync, query } = environment();
    expect(await startPeriodicRefresh(env)).toBe(true);
    expect(query).toHaveBeenCalledWith({ name: 'periodic-background-sync' });
    expect(periodicSync.register).toHaveBeenCalledWith(KEPT_LISTS_REFRESH_TAG, { minInterval: 12 * 60 * 60 * 1000 });
    expect(KEPT_LISTS_REFRESH_INTERVAL_MS).toBe(12 * 60 * 60 * 1000);
  });

  it('is not registered in a browser tab, without the permission, or where the browser has no Periodic Background Sync', async () => {
    for (const options of [
      { installed: false },
      { permission: 'denied' as const },
      { permission: 'prompt' as const },
      { permission: 'unknown' as const },
      { periodicSync: false },
    ]) {
      const { env, periodicSync } = environment(options);
      expect(await startPeriodicRefresh(env), JSON.stringify(options)).toBe(false);
      expect(periodicSync.register).not.toHaveBeenCalled();
    }
    const noServiceWorker = { ...environment().env, serviceWorker: undefined };
    expect(await startPeriodicRefresh(noServiceWorker)).toBe(false);
  });

  it('is removed on sign-out', async () => {
    const { env, periodicSync } = environment();
    await stopPeriodicRefresh(env);
    expect(periodicSync.unregister).toHaveBeenCalledWith(KEPT_LISTS_REFRESH_TAG);
    await expect(stopPeriodicRefresh(environment({ periodicSync: false }).env)).resolves.toBeUndefined();
  });
});
