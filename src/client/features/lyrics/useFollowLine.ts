import { useEffect, useState, type RefObject } from 'react';

/** docs/product.md §2.15: after the listener scrolls the lyrics by hand, they follow the song again this much later. */
export const FOLLOW_PAUSE_MS = 4000;

/** Keys that scroll the list when it or a line in it has focus. */
export const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** True for FOLLOW_PAUSE_MS after each wheel, touch or keyboard scroll in `scroller`. */
function useManualScrollPause(scroller: RefObject<HTMLElement | null>): boolean {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pause = () => {
      setPaused(true);
      clearTimeout(timer);
      timer = setTimeout(() => setPaused(false), FOLLOW_PAUSE_MS);
    };
    // Space on a line is its click, not a scroll
    const onKey = (e: KeyboardEvent) => SCROLL_KEYS.has(e.key) && !(e.key === ' ' && e.target !== element) && pause();
    // a press on the scrollbar lands on the list itself, not on a line
    const onPointer = (e: PointerEvent) => e.target === element && pause();
    element.addEventListener('wheel', pause, { passive: true });
    element.addEventListener('touchmove', pause, { passive: true });
    element.addEventListener('keydown', onKey);
    element.addEventListener('pointerdown', onPointer);
    return () => {
      clearTimeout(timer);
      element.removeEventListener('wheel', pause);
      element.removeEventListener('touchmove', pause);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('pointerdown', onPointer);
    };
  }, [scroller]);
  return paused;
}

/**
 * Keeps the current line (the one marked aria-current in `scroller`) in the middle as `current`
 * or the set shown changes, smoothly unless the user asked for reduced motion; a manual scroll
 * pauses this for FOLLOW_PAUSE_MS, then it comes back to the line.
 */
export function useFollowLine(scroller: RefObject<HTMLElement | null>, current: number | null, set: object): { paused: boolean } {
  const paused = useManualScrollPause(scroller);
  useEffect(() => {
    if (paused || current === null) return;
    const line = scroller.current?.querySelector<HTMLElement>('[aria-current="true"]');
    line?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [scroller, current, set, paused]);
  return { paused };
}
