import { RouteLink } from './route-link';

/** spec 1 §2: /404, title 404, 'This page does not exist' and a Back to Website button to the root. */
export function NotFoundScreen() {
  return (
    <main className="status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">This page does not exist</h1>
      <RouteLink href="/" className="button button--primary button--large">
        Back to Website
      </RouteLink>
    </main>
  );
}
