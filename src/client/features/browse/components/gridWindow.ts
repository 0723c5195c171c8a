/** The arithmetic of a windowed grid: which rows of a long list are worth drawing. */

export interface GridLayout {
  columns: number;
  columnWidth: number;
  /** a row's height, its gap included */
  rowHeight: number;
}

/** Columns as many as fit at `minColumnWidth`, stretched to fill the width; a row is a square cover plus its caption. */
export function gridLayout(width: number, minColumnWidth: number, gap: number, captionHeight: number): GridLayout {
  const columns = Math.max(1, Math.floor((width + gap) / (minColumnWidth + gap)));
  const columnWidth = Math.max(1, (width - gap * (columns - 1)) / columns);
  return { columns, columnWidth, rowHeight: Math.round(columnWidth + captionHeight + gap) };
}

export interface VisibleRows {
  /** first row drawn */
  start: number;
  /** one past the last row drawn */
  end: number;
}

/**
 * The rows that meet the viewport, plus `overscan` rows either side. `top` is how far the grid's
 * top lies above the viewport's (negative while the grid starts further down).
 */
export function visibleRows(top: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan: number): VisibleRows {
  const first = Math.floor(Math.max(0, top) / rowHeight);
  const last = Math.ceil(Math.max(0, top + viewportHeight) / rowHeight);
  return { start: Math.min(rowCount, Math.max(0, first - overscan)), end: Math.min(rowCount, last + overscan) };
}
