import { useEffect, useState } from 'react';
import { useMediaQuery } from '../../ui/use-media-query';
import { MOBILE_BREAKPOINT } from './side-nav-layout';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** spec 1 §2: below a window width of 973 px the side bar is in its mobile mode. */
export const useMobileNav = (): boolean => useMediaQuery(MOBILE_QUERY);

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
