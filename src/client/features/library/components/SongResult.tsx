import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import { IconButton } from '../../../ui/Button';
import { formatDuration } from '../../../ui/format';
import { PauseIcon, PlayIcon } from '../../../ui/icons';
import { AddToPlaylistButton } from '../../playlists';
import { LikeButton } from '../../liked';

const Row = styled.li<{ $current: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $current }) => ($current ? theme.color.surfaceAlt : 'transparent')};
  &:hover { background: ${({ theme }) => theme.color.surfaceAlt}; }
`;
const Text = styled.div`
  min-width: 0;
  display: grid;
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const Title = styled.span<{ $current: boolean }>`
  font-weight: 600;
  color: ${({ theme, $current }) => ($current ? theme.color.accent : theme.color.text)};
`;
const Artist = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
const Duration = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    display: none;
  }
`;
const Actions = styled.div`
  display: flex;
  align-items: center;
`;

export interface SongResultProps {
  song: Song;
  /** the current track (playing or paused) */
  current: boolean;
  playing: boolean;
  onPlay: () => void;
  extra?: ReactNode;
  compact?: boolean;
}

/** A song in a result list: play/pause, title, artist, m:ss, like and add to playlist. */
export function SongResult({ song, current, playing, onPlay, compact }: SongResultProps) {
  const size = compact ? 36 : 40;
  return (
    <Row $current={current} data-testid="song-result" data-song-id={song.id}>
      <IconButton type="button" $size={size} aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`} onClick={onPlay}>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <Text>
        <Title $current={current} data-testid="song-title">{song.title}</Title>
        <Artist>{song.artist}</Artist>
      </Text>
      <Duration>{formatDuration(song.duration)}</Duration>
      <Actions>
        <LikeButton song={{ id: song.id, title: song.title }} size={size} />
        <AddToPlaylistButton song={{ id: song.id, title: song.title }} size={size} />
      </Actions>
    </Row>
  );
}

export const ResultList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`;
