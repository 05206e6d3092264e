import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Name of the `performance.mark` the app sets once per page load when its first screen is on screen
 * with its data: what `npm run bench -- --only first-paint` (bench/first-paint.ts) times launch against.
 */
export const FIRST_SCREEN_MARK = 'outpost:first-screen';

/** Elements that say a screen is still loading: a route's skeleton (its chunk) or a busy region. */
const BUSY_SELECTOR = '[data-testid="route-skeleton"], [aria-busy="true"]';

/** Animation frames in a row the screen must stay settled before it counts as painted. */
const SETTLED_FRAMES = 2;

/**
 * Sets {@link FIRST_SCREEN_MARK} the first time, once `active`, the screen has settled: no query
 * fetching, no mutation running and no loading skeleton in the document, for two animation frames in a
 * row (a frame boundary is when the browser paints, and the second frame lets a query that the first
 * one's data enables start). Checked once per frame until then; does nothing when the mark exists
 * (a remount, a second gate) or outside a browser.
 */
export function useFirstScreenMark(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active || typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
    if (performance.getEntriesByName(FIRST_SCREEN_MARK).length > 0) return;
    let frame = 0;
    let settledFrames = 0;
    const check = () => {
      const settled =
        queryClient.isFetching() === 0 &&
        queryClient.isMutating() === 0 &&
        document.querySelector(BUSY_SELECTOR) === null;
      settledFrames = settled ? settledFrames + 1 : 0;
      if (settledFrames >= SETTLED_FRAMES) {
        if (performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
        return;
      }
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [active, queryClient]);
}
