import type { KeyboardEvent, PointerEvent } from 'react';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  align-items: center;
`;
const Steps = styled.div`
  display: grid;
`;
const Control = styled.button`
  display: grid;
  place-items: center;
  width: 28px;
  height: 24px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &:disabled {
    opacity: 0.35;
    cursor: not-allowed;
  }
  svg {
    width: 20px;
    height: 20px;
  }
`;
const Handle = styled(Control)`
  height: 40px;
  cursor: grab;
  touch-action: none;
  &:active {
    cursor: grabbing;
  }
`;

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const UP = 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z';
const DOWN = 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z';
const GRIP =
  'M9 4a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM9 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM9 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm6 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4z';

export type ReorderControl = 'up' | 'down' | 'drag';

export interface ReorderControlsProps {
  song: { id: string; title: string };
  index: number;
  count: number;
  /** move the song at `from` to `to`; `control` is the one used, to keep the focus on it */
  onMove: (from: number, to: number, control: ReorderControl) => void;
  /** the drag handle's pointer handlers (usePointerReorder) */
  dragHandlers: Record<string, (event: PointerEvent<HTMLElement>) => void>;
}

/** The key of a control, for finding it again once its row has moved. */
export const focusKey = (songId: string, control: ReorderControl | 'remove') => `${songId}:${control}`;

/**
 * A row's reorder controls: a drag handle (pointer drag; arrow keys when focused) and the
 * keyboard alternative, Move up and Move down (disabled at either end).
 */
export function ReorderControls({ song, index, count, onMove, dragHandlers }: ReorderControlsProps) {
  if (count < 2) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (to === null) return;
    event.preventDefault();
    if (to >= 0 && to < count) onMove(index, to, 'drag');
  };
  return (
    <Group>
      <Handle
        type="button"
        aria-label={`Drag ${song.title} to reorder, or use the arrow keys`}
        data-focus-key={focusKey(song.id, 'drag')}
        onKeyDown={onKeyDown}
        {...dragHandlers}
      >
        <Icon d={GRIP} />
      </Handle>
      <Steps>
        <Control
          type="button"
          aria-label={`Move ${song.title} up`}
          data-focus-key={focusKey(song.id, 'up')}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1, 'up')}
        >
          <Icon d={UP} />
        </Control>
        <Control
          type="button"
          aria-label={`Move ${song.title} down`}
          data-focus-key={focusKey(song.id, 'down')}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1, 'down')}
        >
          <Icon d={DOWN} />
        </Control>
      </Steps>
    </Group>
  );
}
