/**
 * lib emits user-facing notices through this interface and stays free of React; src/ui's toaster implements it.
 */
export type NotificationLevel = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  level: NotificationLevel;
  title: string;
  description?: string;
  /** A link the notice offers, as an in-app path ('/support') or an absolute URL. */
  action?: { label: string; href: string };
  /** Notices with the same id replace each other instead of stacking. */
  id?: string;
  /** How long it shows (ms) when the spec says (spec 2 §9 duplicate toast); the level's default otherwise. */
  durationMs?: number;
}

export interface Notifier {
  notify(notification: Notification): void;
}

const consoleNotifier: Notifier = {
  notify: (notification) => console.info(`[${notification.level}] ${notification.title}`, notification.description ?? ''),
};

let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier | null) {
  current = notifier ?? consoleNotifier;
}

export const notify = (notification: Notification) => current.notify(notification);
