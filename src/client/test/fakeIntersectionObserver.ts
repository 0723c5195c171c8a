/**
 * jsdom has no IntersectionObserver: this one lets a test say which elements are on screen
 * (show) and which left it (hide), as the browser would report them.
 */
export function fakeIntersectionObserver() {
  const watchers = new Map<Element, FakeObserver>();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(el: Element) {
      watchers.set(el, this);
    }
    unobserve(el: Element) {
      watchers.delete(el);
    }
    disconnect() {
      for (const [el, watcher] of watchers) if (watcher === this) watchers.delete(el);
    }
    takeRecords() {
      return [];
    }
    report(el: Element, isIntersecting: boolean) {
      const entry = { target: el, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as unknown as IntersectionObserverEntry;
      this.callback([entry], this as unknown as IntersectionObserver);
    }
  }
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  const report = (el: Element, on: boolean) => {
    const watcher = watchers.get(el);
    if (!watcher) throw new Error('nothing watches this element');
    watcher.report(el, on);
  };
  return {
    watched: (el: Element) => watchers.has(el),
    show: (el: Element) => report(el, true),
    hide: (el: Element) => report(el, false),
    restore() {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    },
  };
}
