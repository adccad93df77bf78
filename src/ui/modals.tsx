import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Modal } from './modal';

interface PendingModal {
  kind: 'message' | 'confirm';
  header: string;
  text: string;
  resolve: (answer: boolean) => void;
}

export interface Modals {
  /** spec 1 §2 message modal: header 'Message' unless given, one Okay button. */
  message(text: string, header?: string): Promise<void>;
  /** spec 1 §2 confirm modal: header 'Confirmation' unless given, Yes and No; resolves true or false. */
  confirm(text: string, header?: string): Promise<boolean>;
}

const ModalsContext = createContext<Modals | null>(null);

export function ModalsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingModal[]>([]);
  const current = queue[0];

  const open = useCallback(
    (kind: PendingModal['kind'], text: string, header: string) =>
      new Promise<boolean>((resolve) => setQueue((items) => [...items, { kind, text, header, resolve }])),
    [],
  );
  const answer = (value: boolean) => {
    current?.resolve(value);
    setQueue((items) => items.slice(1));
  };

  const modals = useMemo<Modals>(
    () => ({
      message: async (text, header = 'Message') => {
        await open('message', text, header);
      },
      confirm: (text, header = 'Confirmation') => open('confirm', text, header),
    }),
    [open],
  );

  return (
    <ModalsContext value={modals}>
      {children}
      {current && (
        <Modal
          open
          title={current.header}
          description={current.text}
          onClose={() => answer(false)}
          actions={
            current.kind === 'message' ? (
              <button type="button" className="button button--primary" onClick={() => answer(true)}>
                Okay
              </button>
            ) : (
              <>
                <button type="button" className="button" onClick={() => answer(false)}>
                  No
                </button>
                <button type="button" className="button button--primary" onClick={() => answer(true)}>
                  Yes
                </button>
              </>
            )
          }
        />
      )}
    </ModalsContext>
  );
}

export function useModals(): Modals {
  const modals = use(ModalsContext);
  if (!modals) throw new Error('useModals needs a ModalsProvider above it.');
  return modals;
}
