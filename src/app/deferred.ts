/*
 * What the first screen does not need waits until it is on screen: the toaster, the service-worker registration and,
 * once signed in, the offline runtime (IndexedDB, outbox replay) are loaded with import() after the first route has
 * rendered and painted and the main thread is idle, so they neither weigh on the first route's JavaScript nor compete
 * with it for the network and the main thread (issue 10 §7).
 */

/** If the first route never settles (a broken chunk, say), deferred work starts anyway after this long. */
const FIRST_SCREEN_FALLBACK_MS = 10_000;

let firstScreenShown = false;
const waiting = new Set<() => void>();

/** Called once the router has rendered its first route (wiring.ts); starts what waits for it. */
export function markFirstScreenShown() {
  if (firstScreenShown) return;
  firstScreenShown = true;
  for (const start of [...waiting]) start();
  waiting.clear();
}

/** A hidden page paints no frames: the deferred work does not wait for one longer than this. */
const PAINT_WAIT_MS = 1000;

/** Runs `task` after the next frame has painted and the browser is then idle (at most `timeoutMs` later). */
function afterPaintWhenIdle(task: () => void, timeoutMs: number): () => void {
  let cancelled = false;
  let idleStarted = false;
  let cancelIdle = () => {};
  const idle = () => {
    if (cancelled || idleStarted) return;
    idleStarted = true;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 1);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  // A timeout queued from an animation frame runs once that frame has painted.
  const frame = typeof window.requestAnimationFrame === 'function' ? window.requestAnimationFrame(() => setTimeout(idle, 0)) : undefined;
  const fallback = setTimeout(idle, frame === undefined ? 0 : PAINT_WAIT_MS);
  return () => {
    cancelled = true;
    if (frame !== undefined) window.cancelAnimationFrame(frame);
    clearTimeout(fallback);
    cancelIdle();
  };
}

/**
 * Runs `task` once the first route is on screen (painted) and the browser is idle (at most `timeoutMs` later).
 * Returns a cancel.
 */
export function afterFirstScreen(task: () => void, timeoutMs = 2000): () => void {
  let cancelIdle: (() => void) | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    waiting.delete(start);
    clearTimeout(fallback);
    cancelIdle ??= afterPaintWhenIdle(task, timeoutMs);
  };
  if (firstScreenShown) start();
  else {
    waiting.add(start);
    fallback = setTimeout(start, FIRST_SCREEN_FALLBACK_MS);
  }
  return () => {
    waiting.delete(start);
    clearTimeout(fallback);
    cancelIdle?.();
  };
}
