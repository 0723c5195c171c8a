import { useCallback, useEffect, useRef, useState } from 'react';

/** how long a picture stays on screen before it is asked for: a fast scroll passes cards by without a request */
export const ON_SCREEN_SETTLE_MS = 150;
/** asked for a little before it scrolls in, less than a grid row, so the rows drawn off screen ask for nothing */
const ROOT_MARGIN = '100px 0px';

export interface OnScreenSrc {
  ref: (el: HTMLImageElement | null) => void;
  /** the address to put in src, undefined while the picture is not wanted */
  src: string | undefined;
  onLoad: () => void;
}

/**
 * An <img>'s src only while it is on screen: set once it has stayed in view ON_SCREEN_SETTLE_MS,
 * taken away again when it leaves (or is removed) before the picture arrived, which makes the
 * browser cancel the request. A large grid then fetches what is on screen, not every cover it
 * scrolled past (issue 27: 5,001 requests queued ahead of the visible ones). Without
 * IntersectionObserver the src is set at once.
 */
export function useOnScreenSrc(src: string, enabled: boolean): OnScreenSrc {
  const [el, setEl] = useState<HTMLImageElement | null>(null);
  const [onScreen, setOnScreen] = useState(false);
  const loaded = useRef(false);
  const watch = enabled && typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    if (!watch || !el) return undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        clearTimeout(settle);
        if (entry.isIntersecting) settle = setTimeout(() => setOnScreen(true), ON_SCREEN_SETTLE_MS);
        else if (!loaded.current) setOnScreen(false);
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(el);
    return () => {
      clearTimeout(settle);
      observer.disconnect();
      // a card the grid stops drawing keeps its element alive (and its request running) until collected
      if (!loaded.current) el.removeAttribute('src');
    };
  }, [watch, el]);

  const onLoad = useCallback(() => {
    loaded.current = true;
  }, []);
  return { ref: setEl, src: !watch || onScreen ? src : undefined, onLoad };
}
