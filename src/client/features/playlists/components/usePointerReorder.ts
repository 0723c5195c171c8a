import { useRef, type PointerEvent } from 'react';
import { dropIndex } from '../reorder';

interface Drag {
  from: number;
  target: number;
  startY: number;
  rows: HTMLElement[];
  middles: number[];
  /** how far one row moves to make room: the distance between two rows' tops */
  step: number;
}

/** Where each row is drawn while dragging: the dragged one under the pointer, the ones it passed shifted one place. */
function paint(drag: Drag, dy: number): void {
  drag.rows.forEach((row, i) => {
    if (i === drag.from) {
      Object.assign(row.style, { transform: `translateY(${dy}px)`, position: 'relative', zIndex: '1', boxShadow: '0 6px 18px rgba(0, 0, 0, 0.25)' });
      return;
    }
    const shift = drag.from < drag.target && i > drag.from && i <= drag.target ? -1 : drag.target < drag.from && i >= drag.target && i < drag.from ? 1 : 0;
    Object.assign(row.style, { transform: shift ? `translateY(${shift * drag.step}px)` : '', transition: 'transform 0.15s' });
  });
}

function unpaint(rows: HTMLElement[]): void {
  for (const row of rows) Object.assign(row.style, { transform: '', transition: '', position: '', zIndex: '', boxShadow: '' });
}

/**
 * Drag and drop of the rows of a list by a handle inside each row (an element within the row's
 * <li>), with pointer events: mouse, pen and touch alike. The rows are moved by style while
 * dragging; `onDrop(from, to)` is called on release if the row changed place.
 */
export function usePointerReorder(onDrop: (from: number, to: number) => void) {
  const drag = useRef<Drag | null>(null);

  const start = (index: number) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || !event.isPrimary) return;
    const row = event.currentTarget.closest('li');
    const list = row?.parentElement;
    if (!row || !list) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rows = Array.from(list.children) as HTMLElement[];
    const rects = rows.map((r) => r.getBoundingClientRect());
    const step = rects.length > 1 ? rects[1].top - rects[0].top : rects[index].height;
    drag.current = { from: index, target: index, startY: event.clientY, rows, middles: rects.map((r) => r.top + r.height / 2), step };
  };

  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dy = event.clientY - d.startY;
    d.target = dropIndex(d.middles, d.from, d.middles[d.from] + dy);
    paint(d, dy);
  };

  const finish = (drop: boolean) => () => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    unpaint(d.rows);
    if (drop && d.target !== d.from) onDrop(d.from, d.target);
  };

  /** the handle's pointer handlers for the row at `index` */
  return (index: number) => ({
    onPointerDown: start(index),
    onPointerMove: move,
    onPointerUp: finish(true),
    onPointerCancel: finish(false),
    onLostPointerCapture: finish(false),
  });
}
