import { useEffect, useState } from 'react';
import { registerServiceWorker, type RegisterOptions, type UpdateHandle } from './register-service-worker';
import './update-prompt.css';

export const UPDATE_AVAILABLE_MESSAGE = 'A new version is available';

export interface UpdatePromptProps {
  /** Production builds only by default (there is no service worker in `vite dev`). */
  enabled?: boolean;
  createWorkbox?: RegisterOptions['createWorkbox'];
  reload?: () => void;
}

/** Registers the service worker and offers a waiting new version with a Reload button. */
export function UpdatePrompt({ enabled = import.meta.env.PROD, createWorkbox, reload }: UpdatePromptProps) {
  const [update, setUpdate] = useState<UpdateHandle>();

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    return registerServiceWorker({ onUpdateWaiting: setUpdate, createWorkbox, reload });
  }, [enabled, createWorkbox, reload]);

  if (!update) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>{UPDATE_AVAILABLE_MESSAGE}</span>
      <button type="button" className="button button--primary" onClick={() => update.activate()}>
        Reload
      </button>
    </div>
  );
}
