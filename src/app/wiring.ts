import { setHttpNavigation } from '../lib/http-navigation';
import { hashBangPath } from '../lib/links';
import { setNotifier } from '../lib/notifier';
import { markFirstScreenShown } from './deferred';
import { createDeferredToastNotifier } from './deferred-toaster';
import { pageTitle, routeTitle } from './page-title';
import type { AppRouter } from './router';
import { hideStartupSplash } from './splash';

/** spec 1 §2: an old `#!/x` link (bookmarks, e-mails) becomes `/x` before the router reads the URL. */
export function redirectHashBangLink() {
  const path = hashBangPath(window.location.hash);
  if (path) window.history.replaceState(window.history.state, '', path);
}

/** Connects the framework-free lib (notices, 401 navigation) and the page chrome to the router. Returns a cleanup. */
export function wireRouter(router: AppRouter): () => void {
  const navigate = (href: string) => void router.navigate({ href });
  setNotifier(createDeferredToastNotifier(navigate));
  setHttpNavigation({ currentPath: () => router.latestLocation.href, navigate });

  const unsubscribe = router.subscribe('onResolved', () => {
    document.title = pageTitle(routeTitle(router.state.matches));
    hideStartupSplash();
    markFirstScreenShown();
  });

  const onHashChange = () => {
    const path = hashBangPath(window.location.hash);
    if (path) void router.navigate({ href: path, replace: true });
  };
  window.addEventListener('hashchange', onHashChange);

  return () => {
    unsubscribe();
    window.removeEventListener('hashchange', onHashChange);
    setNotifier(null);
    setHttpNavigation(null);
  };
}
