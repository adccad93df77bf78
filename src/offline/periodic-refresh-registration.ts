import { KEPT_LISTS_REFRESH_TAG } from './sw-messages';

/*
 * The page's side of the kept lists' periodic refresh (periodic-refresh.ts): registered on an installed app where the
 * browser grants Periodic Background Sync (Chromium grants it to installed apps only, and fires it as often as the
 * user's engagement with the app allows), removed on sign-out. Where the API does not exist nothing happens.
 */

/** Chromium's Periodic Background Sync; TypeScript's DOM library does not declare it. */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}
type PeriodicSyncRegistration = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

/**
 * At most twice a day: the refresh is for a device that was not opened for hours (the morning's lists before the
 * first visit of the day); while the app is open the page keeps its lists fresh itself. Chromium fires it at most
 * about once a day for an app used daily anyway, so a shorter interval would buy nothing but more data and battery.
 */
export const KEPT_LISTS_REFRESH_INTERVAL_MS = 12 * 60 * 60 * 1000;

export interface PeriodicRefreshEnvironment {
  /** Whether the app runs installed (its own window), not in a browser tab. */
  installed: () => boolean;
  serviceWorker: Pick<ServiceWorkerContainer, 'ready' | 'getRegistration'> | undefined;
  permissions: Pick<Permissions, 'query'> | undefined;
}

const browserEnvironment = (): PeriodicRefreshEnvironment => ({
  installed: () => typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  serviceWorker: typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  permissions: typeof navigator === 'undefined' ? undefined : navigator.permissions,
});

/** Registers the refresh when the app runs installed and the browser granted it; answers whether it did. */
export async function startPeriodicRefresh(environment: PeriodicRefreshEnvironment = browserEnvironment()): Promise<boolean> {
  if (!environment.installed() || !environment.serviceWorker || !environment.permissions) return false;
  const registration = (await environment.serviceWorker.ready) as PeriodicSyncRegistration;
  if (!registration.periodicSync) return false;
  try {
    const permission = await environment.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (permission.state !== 'granted') return false;
    await registration.periodicSync.register(KEPT_LISTS_REFRESH_TAG, { minInterval: KEPT_LISTS_REFRESH_INTERVAL_MS });
    return true;
  } catch {
    // A browser that does not know the permission's name, or refuses the registration: the page's own triggers remain.
    return false;
  }
}

/** Sign-out: the device refreshes nobody's lists until someone signs in again. */
export async function stopPeriodicRefresh(environment: PeriodicRefreshEnvironment = browserEnvironment()): Promise<void> {
  const registration = (await environment.serviceWorker?.getRegistration()) as PeriodicSyncRegistration | undefined;
  await registration?.periodicSync?.unregister(KEPT_LISTS_REFRESH_TAG).catch(() => undefined);
}
