import { paths, type LogMessage } from '../contract';
import { isOfflineError, notifyDefaultError, request } from './http';

/** POST {api}/api/Logger (spec 1 §7). A failed log call shows the Default error (spec 1 §8); offline stays silent. */
export async function logMessage(message: LogMessage): Promise<void> {
  try {
    await request(paths.logger, { method: 'POST', body: message, handles: 'all' });
  } catch (error) {
    if (!isOfflineError(error)) notifyDefaultError();
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return String(error);
}
