import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import { Button } from '../../../ui/Button';

/** How long Undo stays offered, unless the pointer or the focus is on it. */
export const UNDO_MS = 8_000;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border-left: 4px solid ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  span {
    overflow-wrap: anywhere;
  }
  &:empty {
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

export interface UndoBarProps {
  /** the title of the song just removed, or null when there is nothing to undo */
  title: string | null;
  onUndo: () => void;
  onExpire: () => void;
}

/**
 * "Removed … from the playlist" with Undo, for a few seconds. The live region stays mounted so the
 * message is announced when it appears; it is held while hovered or focused (time to reach it).
 */
export function UndoBar({ title, onUndo, onExpire }: UndoBarProps) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (title === null || held) return;
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [title, held, onExpire]);
  useEffect(() => {
    if (title === null) setHeld(false);
  }, [title]);
  return (
    <Bar
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {title !== null ? (
        <>
          <span>{MESSAGES.removedFromPlaylist(title)}</span>
          <Button type="button" $size="sm" $variant="secondary" data-focus-key="undo" onClick={onUndo}>
            {MESSAGES.undo}
          </Button>
        </>
      ) : null}
    </Bar>
  );
}
