import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { useGridWindow } from './useGridWindow';

const List = styled.ul`
  position: relative;
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Cell = styled.li`
  position: absolute;
  top: 0;
  left: 0;
`;

/** the card's text under its square cover: two lines and their spacing */
export const CARD_CAPTION_HEIGHT = 64;
const GAP = 16;
const MIN_COLUMN_WIDTH = 150;
const OVERSCAN_ROWS = 2;

export interface VirtualGridProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  'aria-label': string;
  /** more items wait on the server */
  hasMore?: boolean;
  /** asks for the next page; called when the drawn rows come within a screen of the end */
  onEndReached?: () => void;
}

/**
 * A grid of cards that draws only the rows near the viewport (so 5,000 albums scroll smoothly):
 * fixed-height rows, columns from the width, the next page asked for before the end shows.
 */
export function VirtualGrid<T>({ items, keyOf, renderItem, hasMore = false, onEndReached, ...aria }: VirtualGridProps<T>) {
  const grid = useGridWindow({ count: items.length, minColumnWidth: MIN_COLUMN_WIDTH, gap: GAP, captionHeight: CARD_CAPTION_HEIGHT, overscan: OVERSCAN_ROWS });
  const rowCount = Math.ceil(items.length / grid.columns);
  const nearEnd = grid.end >= rowCount - OVERSCAN_ROWS;
  useEffect(() => {
    if (hasMore && nearEnd) onEndReached?.();
  }, [hasMore, nearEnd, items.length, onEndReached]);

  const cells: ReactNode[] = [];
  for (let index = grid.start * grid.columns; index < Math.min(items.length, grid.end * grid.columns); index++) {
    const item = items[index];
    const row = Math.floor(index / grid.columns);
    const column = index % grid.columns;
    const x = column * (grid.columnWidth + GAP);
    cells.push(
      <Cell key={keyOf(item)} style={{ width: grid.columnWidth, transform: `translate(${x}px, ${row * grid.rowHeight}px)` }} aria-posinset={index + 1}>
        {renderItem(item)}
      </Cell>,
    );
  }
  return (
    <List ref={grid.ref} style={{ height: grid.totalHeight }} data-testid="virtual-grid" {...aria}>
      {cells}
    </List>
  );
}
