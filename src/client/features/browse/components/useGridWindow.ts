import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { gridLayout, visibleRows, type GridLayout, type VisibleRows } from './gridWindow';

/** The nearest ancestor that scrolls (the shell's main column), else the window. */
function scrollParent(el: HTMLElement): HTMLElement | Window {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return window;
}

function viewport(scroller: HTMLElement | Window): { top: number; height: number } {
  if (scroller instanceof Window) return { top: 0, height: scroller.innerHeight };
  return { top: scroller.getBoundingClientRect().top, height: scroller.clientHeight };
}

export interface GridWindowOptions {
  count: number;
  minColumnWidth: number;
  gap: number;
  captionHeight: number;
  /** rows drawn beyond the viewport on either side */
  overscan: number;
}

export interface GridWindow extends GridLayout, VisibleRows {
  ref: (el: HTMLElement | null) => void;
  totalHeight: number;
}

/**
 * A grid that draws only the rows near the viewport: columns follow the grid's width
 * (ResizeObserver), rows follow the scroll position of whatever scrolls it.
 */
export function useGridWindow({ count, minColumnWidth, gap, captionHeight, overscan }: GridWindowOptions): GridWindow {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const [view, setView] = useState({ top: 0, height: 800 });
  const frame = useRef(0);

  const measure = useCallback(() => {
    if (!el) return;
    const port = viewport(scrollParent(el));
    setView({ top: port.top - el.getBoundingClientRect().top, height: port.height });
  }, [el]);

  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    measure();
    // without ResizeObserver (old browsers) the window's resize event below still re-measures
    if (typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver((entries) => {
      setWidth(entries[0]?.contentRect.width ?? el.getBoundingClientRect().width);
      measure();
    });
    resizes.observe(el);
    return () => resizes.disconnect();
  }, [el, measure]);

  useEffect(() => {
    if (!el) return;
    const scroller = scrollParent(el);
    const onScroll = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        setWidth(el.getBoundingClientRect().width);
        measure();
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame.current);
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [el, measure]);

  const layout = gridLayout(width || minColumnWidth, minColumnWidth, gap, captionHeight);
  const rowCount = Math.ceil(count / layout.columns);
  const rows = visibleRows(view.top, view.height, layout.rowHeight, rowCount, overscan);
  return { ref: setEl, ...layout, ...rows, totalHeight: Math.max(0, rowCount * layout.rowHeight - gap) };
}
