import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

/**
 * A link to an in-app path known only at run time (tile routes of later issues, menu entries): the router
 * handles a plain click; modified clicks keep the browser's behaviour (new tab, new window).
 */
export function RouteLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
