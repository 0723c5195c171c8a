import { useRef, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import type { LyricsTrack } from '../../../../contract/lyrics';
import { currentLineIndex, lineSeekSeconds } from '../currentLine';
import { SCROLL_KEYS, useFollowLine } from '../useFollowLine';
import { useRovingLines } from '../useRovingLines';

const Scroller = styled.ol`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(2)} 40vh;
  list-style: none;
  text-align: center;
  overscroll-behavior: contain;
`;
// a line is as wide as its words, centred, so the current one's highlight sits around them
const line = css<{ $current?: boolean }>`
  display: inline-block;
  max-width: 100%;
  margin: 0;
  padding: ${({ theme }) => theme.space(1.5)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: 1.25rem;
  line-height: 1.4;
  overflow-wrap: anywhere;
  color: ${({ theme, $current }) => ($current ? theme.color.text : theme.color.textMuted)};
  font-weight: ${({ $current }) => ($current ? 700 : 500)};
  ${({ theme, $current }) =>
    $current &&
    css`
      background: ${theme.color.surfaceAlt};
      box-shadow: inset 0 -3px 0 ${theme.color.accent};
    `}
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    font-size: 1.1rem;
  }
`;
const LineButton = styled.button<{ $current: boolean }>`
  border: none;
  background: transparent;
  text-align: inherit;
  ${line}
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
`;
const LineText = styled.p<{ $current?: boolean }>`
  ${line}
`;

/**
 * The list itself has focus (radio mode, a plain set): its scroll keys scroll it, and do not reach
 * the player's keyboard shortcuts (arrows for volume, Space for play/pause).
 */
const keepScrollKeys = (e: KeyboardEvent<HTMLOListElement>) => {
  if (e.target === e.currentTarget && SCROLL_KEYS.has(e.key)) e.stopPropagation();
};

interface Props {
  track: LyricsTrack;
  /** the player's position, in ms of the track */
  nowMs: number;
  /** false in radio mode: nobody seeks the station, the lines only follow it */
  seekable: boolean;
  onSeek: (seconds: number) => void;
}

/** A synced set: the current line highlighted and kept in view; each line a button that seeks to it (docs/product.md §2.15). */
export function SyncedLines({ track, nowMs, seekable, onSeek }: Props) {
  const scroller = useRef<HTMLOListElement>(null);
  const current = currentLineIndex(track, nowMs);
  useFollowLine(scroller, current < 0 ? null : current, track);
  const roving = useRovingLines(
    scroller,
    current,
    track.lines.findIndex((l) => l.startMs !== undefined),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    keepScrollKeys(e);
    roving.onKeyDown(e);
  };
  return (
    <Scroller ref={scroller} data-testid="lyrics-lines" tabIndex={seekable ? undefined : 0} onKeyDown={onKeyDown}>
      {track.lines.map((l, index) => {
        const isCurrent = index === current;
        const marks = { $current: isCurrent, 'aria-current': isCurrent ? ('true' as const) : undefined };
        return (
          <li key={index}>
            {seekable && l.startMs !== undefined ? (
              <LineButton
                type="button"
                {...marks}
                tabIndex={index === roving.tabStop ? 0 : -1}
                onFocus={() => roving.onLineFocus(index)}
                onClick={() => onSeek(lineSeekSeconds(track, index))}
              >
                {l.text || '♪'}
              </LineButton>
            ) : (
              <LineText {...marks}>{l.text || '♪'}</LineText>
            )}
          </li>
        );
      })}
    </Scroller>
  );
}

/** A plain set: the text as it is, nothing highlighted or followed. */
export function PlainLines({ track }: { track: LyricsTrack }) {
  return (
    <Scroller data-testid="lyrics-lines" tabIndex={0} onKeyDown={keepScrollKeys}>
      {track.lines.map((l, index) => (
        <li key={index}>
          <LineText>{l.text || '\u00a0'}</LineText>
        </li>
      ))}
    </Scroller>
  );
}
