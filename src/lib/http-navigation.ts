/*
 * Where the http layer sends the browser on a 401 (spec 1 §8), apart from the client itself: the app plugs in its
 * router at start (app/wiring.ts) without loading the http client, which comes with the first call.
 */

/** How the http layer learns the current path and changes it; the app plugs in its router. */
export interface HttpNavigation {
  currentPath(): string;
  navigate(path: string): void;
}

const browserNavigation: HttpNavigation = {
  currentPath: () => location.pathname + location.search + location.hash,
  navigate: (path) => location.assign(path),
};
let navigation = browserNavigation;

export function setHttpNavigation(next: HttpNavigation | null) {
  navigation = next ?? browserNavigation;
}

export const httpNavigation = (): HttpNavigation => navigation;
