import { PRODUCT_NAME } from '../lib/constants';

/** spec 1 §2: on every route change the page title becomes the product name plus the route title. */
export const pageTitle = (routeTitle?: string) => (routeTitle ? `${PRODUCT_NAME} - ${routeTitle}` : PRODUCT_NAME);

/** The title of the deepest matched route that has one. */
export function routeTitle(matches: readonly { staticData?: { title?: string } }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const title = matches[index]?.staticData?.title;
    if (title) return title;
  }
  return undefined;
}
