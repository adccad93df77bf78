import { Toaster as SonnerToaster, toast } from 'sonner';
import type { Notifier } from '../lib/notifier';
import { isLocalPath } from '../lib/links';

const DURATION_MS = { success: 4000, info: 6000, warning: 8000, error: 10000 } as const;

/** The lib notifier shown as sonner toasts; in-app links go through `navigate`, others open a new tab. */
export function createToastNotifier(navigate: (href: string) => void): Notifier {
  return {
    notify({ level, title, description, action, id, durationMs }) {
      toast[level](title, {
        id,
        description,
        duration: durationMs ?? DURATION_MS[level],
        action: action && (
          <a
            className="toast-link"
            href={action.href}
            target={isLocalPath(action.href) ? undefined : '_blank'}
            rel={isLocalPath(action.href) ? undefined : 'noopener noreferrer'}
            onClick={(event) => {
              if (!isLocalPath(action.href)) return;
              event.preventDefault();
              if (id !== undefined) toast.dismiss(id);
              navigate(action.href);
            }}
          >
            {action.label}
          </a>
        ),
      });
    },
  };
}

/** spec 1 §9: toasts appear at the bottom right. */
export function Toaster() {
  return <SonnerToaster position="bottom-right" richColors closeButton containerAriaLabel="Notifications" />;
}
