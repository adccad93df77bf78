import { useEffect, useState, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from './side-nav-layout';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribeMobile(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isMobileWidth = () => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

/** spec 1 §2: below a window width of 973 px the side bar is in its mobile mode. */
export function useMobileNav(): boolean {
  return useSyncExternalStore(subscribeMobile, isMobileWidth, () => false);
}

/** The window height, updated `delayMs` after the last resize (spec 1 §2: the side navigation recomputes 500 ms after a resize). */
export function useSettledWindowHeight(delayMs: number): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setHeight(window.innerHeight), delayMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [delayMs]);
  return height;
}
