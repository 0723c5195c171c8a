import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from './Button';
import { Artwork } from './cover/Artwork';
import { songCoverName } from './cover/coverArt';
import { formatDuration } from './format';
import { PauseIcon, PlayIcon } from './icons';

export const SongList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const Row = styled.li<{ $current: boolean }>`
  display: grid;
  grid-template-columns: auto auto minmax(0, 1fr) auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  /* a phone keeps the title readable: no duration column, a smaller cover, tighter spacing */
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: auto auto minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)};
    & > svg,
    & > img {
      width: 32px;
      height: 32px;
    }
  }
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.color.surfaceAlt : 'transparent')};
  &:hover {
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
`;
/** Title and artist lines beside a play button, each cut with an ellipsis. */
export const SongText = styled.div`
  min-width: 0;
  display: grid;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
const Title = styled.span<{ $current: boolean }>`
  font-weight: 600;
  color: ${({ theme, $current }) => ($current ? theme.color.accent : theme.color.text)};
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
const Duration = styled(Muted)`
  font-variant-numeric: tabular-nums;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    display: none;
  }
`;
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

export interface SongRowProps {
  song: { id: string; title: string; artist: string; duration: number; artworkUrl?: string | null };
  /** this song is the current one and playing */
  playing: boolean;
  /** this song is the current one (playing or paused) */
  current?: boolean;
  onPlay: () => void;
  /** handlers of the intent to play (pointer over, focus on the Play button), spread on it */
  playIntent?: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'onPointerEnter' | 'onPointerLeave' | 'onFocus' | 'onBlur'>;
  /** extra text under the artist (e.g. when it was played) */
  meta?: ReactNode;
  /** buttons at the end of the row: like, add to playlist, remove... */
  actions?: ReactNode;
  testId?: string;
}

/** One song in a list: play/pause, its artwork (or generated cover), title, artist, m:ss, and the caller's actions. */
export function SongRow({ song, playing, current = playing, onPlay, playIntent, meta, actions, testId = 'song-row' }: SongRowProps) {
  return (
    <Row $current={current} data-testid={testId} data-song-id={song.id}>
      <IconButton type="button" aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`} onClick={onPlay} {...playIntent}>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <Artwork url={song.artworkUrl} name={songCoverName(song.title, song.artist)} size={40} thumb={64} />
      <SongText>
        <Title $current={current} data-testid="song-title">
          {song.title}
        </Title>
        <Muted>
          {song.artist}
          {meta ? <> · {meta}</> : null}
        </Muted>
      </SongText>
      <Duration>{formatDuration(song.duration)}</Duration>
      <Actions>{actions}</Actions>
    </Row>
  );
}
