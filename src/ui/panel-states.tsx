import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SidePanel, SidePanelCancel } from './side-panel';

/** A side panel with nothing to work on goes back to the screen under it (`href`), in place of the panel's route. */
export function ReturnTo({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate({ href, replace: true, ignoreBlocker: true });
  }, [router, href]);
  return null;
}

/** A side panel while what it shows (a record, an item) is still on its way. */
export function PanelLoading({ title, closeTo }: { title: string; closeTo: string }) {
  return (
    <SidePanel title={title} closeTo={closeTo} footer={<SidePanelCancel>Close</SidePanelCancel>}>
      <p role="status" className="page__loading">
        Loading...
      </p>
    </SidePanel>
  );
}
