import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { selectCurrentTrack } from '../../../shared/player';
import { LYRICS_TEXT } from '../lyricsText';
import { Lyrics } from './Lyrics';

/** Over the page, in the shell's main area: the page under it (the radio's too) stays as it is. */
const Panel = styled.section`
  grid-area: main;
  z-index: 25;
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  &:focus {
    outline: none;
  }
`;
const Song = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  overflow-wrap: anywhere;
`;
const Heading = styled.h2`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} 0;
  font-size: 1.1rem;
  text-align: center;
`;

/** The lyrics view as a panel; it takes focus when it opens so the keyboard lands on the lines, and Escape closes it. */
export function LyricsPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const panel = useRef<HTMLElement>(null);
  const track = useSelector(selectCurrentTrack);
  useEffect(() => panel.current?.focus(), []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  };
  return (
    <Panel id={id} ref={panel} tabIndex={-1} aria-labelledby={`${id}-heading`} onKeyDown={onKeyDown}>
      <Heading id={`${id}-heading`}>{LYRICS_TEXT.heading}</Heading>
      {track ? <Song data-testid="lyrics-song">{`${track.title} · ${track.artist}`}</Song> : null}
      <Lyrics />
    </Panel>
  );
}
