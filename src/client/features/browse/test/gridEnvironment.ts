/**
 * jsdom lays nothing out: this gives the windowed grid a width (through a fake ResizeObserver and
 * getBoundingClientRect) and a window scroll position the tests move.
 */
export function fakeGridLayout(width: number) {
  const view = { scrollY: 0 };
  const observers: ResizeObserverCallback[] = [];
  const original = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(private callback: ResizeObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
    unobserve() {}
  };
  const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const grid = this.dataset.testid === 'virtual-grid';
    const top = grid ? -view.scrollY : 0;
    return { x: 0, y: top, top, left: 0, right: grid ? width : 0, bottom: top, width: grid ? width : 0, height: 0, toJSON: () => ({}) } as DOMRect;
  });
  return {
    /** scrolls the window so that `y` pixels of the grid lie above the viewport */
    scrollTo(y: number) {
      view.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
    },
    restore() {
      rect.mockRestore();
      (globalThis as { ResizeObserver?: unknown }).ResizeObserver = original;
    },
  };
}
