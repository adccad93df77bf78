import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

/**
 * A link to an in-app path built at run time (a record's review, a route another feature owns): a plain
 * click navigates in the app; modified and middle clicks keep the browser's behaviour (new tab, window).
 */
export function PathLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
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
