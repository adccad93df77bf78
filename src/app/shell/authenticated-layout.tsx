import { Outlet, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { CmhUser } from '../../contract';
import { useProfile } from '../../features/session/api/get-profile';
import { ReleaseNotesDialog } from '../../features/release-notes/components/release-notes-dialog';
import { StoreLostNotice } from '../../features/sync/store-lost-notice';
import { LoadingSplash } from '../../ui/loading-splash';
import { ModalsProvider } from '../../ui/modals';
import { AppHeader } from './app-header';
import { MobileNav } from './mobile-nav';
import { SideNav } from './side-nav';
import { useMobileNav } from './use-window';

/** spec 1 §2: Home is a main page and has no navigation (Login and 404 are outside this layout). */
const MAIN_PAGES: readonly string[] = ['/home'];

/** The header, the navigation and the page; the chrome follows the location. */
function SignedInShell({ user }: { user: CmhUser }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const mobile = useMobileNav();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [whatsNewOpen, setWhatsNewOpen] = useState(false);
  // The router re-renders the page itself on navigation. Re-rendering it with the chrome would also re-run its
  // profile query while a logout is leaving for /login, after the profile was removed: a refetch without a token (401).
  const page = useMemo(() => <Outlet />, []);

  const mainPage = MAIN_PAGES.includes(pathname);
  const sideNav = !mainPage && !mobile;
  const openWhatsNew = () => setWhatsNewOpen(true);

  return (
    <div className="app">
      <AppHeader user={user} mobile={mobile} onOpenMobileNav={() => setMobileNavOpen(true)} onWhatsNew={openWhatsNew} />
      <div className="app__body">
        {sideNav && <SideNav user={user} />}
        <main id="main" className="app__main" tabIndex={-1}>
          {page}
        </main>
      </div>
      {mobile && (
        <MobileNav user={user} open={mobileNavOpen} onOpenChange={setMobileNavOpen} showApps={!mainPage} onWhatsNew={openWhatsNew} />
      )}
      <ReleaseNotesDialog open={whatsNewOpen} onClose={() => setWhatsNewOpen(false)} />
    </div>
  );
}

/**
 * The chrome of every signed-in page; children render only once the profile is known. A lost device store is said
 * over all of it (StoreLostNotice). The shared modals
 * (ui/modals.tsx, Radix Dialog) serve the signed-in pages only, so they live here, in this route's chunk, and not
 * in the JavaScript every first load needs (the login screen has no modal).
 */
export function AuthenticatedLayout() {
  const { data: user } = useProfile();
  return (
    <ModalsProvider>
      {user ? <SignedInShell user={user} /> : <LoadingSplash />}
      <StoreLostNotice />
    </ModalsProvider>
  );
}
