import { useEffect, useRef } from 'react';

/** Calls `loadMore` when the returned element scrolls within 400 px of the viewport and there is more to load. */
export function useLoadOnScroll<E extends HTMLElement>(hasMore: boolean, busy: boolean, loadMore: () => unknown) {
  const sentinel = useRef<E>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !busy) void loadMore();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, busy, loadMore]);
  return sentinel;
}
