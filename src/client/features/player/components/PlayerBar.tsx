import type { ReactNode } from 'react';
import { useSelector, useDispatch } from 'react-redux';
import styled from 'styled-components';
import { IconButton } from '../../../ui/Button';
import { Artwork } from '../../../ui/cover/Artwork';
import { songCoverName } from '../../../ui/cover/coverArt';
import { SongText } from '../../../ui/SongRow';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { selectIsAdmin } from '../../../shared/session';
import { isRadioSource, playerActions, selectPlayer, type PlayerState } from '../../../shared/player';
import { useSongActions } from '../../../shared/songs';
import { SeekBar, VolumeControl } from './PlayerSliders';
import { usePlayerShortcuts } from './usePlayerShortcuts';
import { useMediaSession } from './useMediaSession';
import { usePageHidden } from './usePageHidden';
import { useResumeOnClick } from './useResumeOnClick';

export const PlayerBarFrame = styled.footer`
  grid-area: player;
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: ${({ theme }) => theme.layout.playerHeight}px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)};
  }
`;
const Now = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;
const Title = styled.span`
  font-weight: 600;
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;
const Center = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-column: 1 / -1;
    order: 1; /* below now-playing and volume (and the notice, when there is one) */
  }
`;
const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;
const PlayButton = styled(IconButton)`
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.accentText};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.accent};
    filter: brightness(1.1);
  }
`;
const NoticeRow = styled.div`
  grid-column: 1 / -1;
  &:empty {
    display: none;
  }
`;
const Notice = styled.span`
  color: ${({ theme }) => theme.color.warning};
  font-size: 0.85rem;
  font-weight: 600;
`;

function NowPlaying({ player }: { player: PlayerState }) {
  const { LikeButton } = useSongActions();
  const track = player.currentTrack;
  if (!track)
    return (
      <Now>
        <Muted>Nothing playing</Muted>
      </Now>
    );
  return (
    <Now>
      <Artwork url={track.artworkUrl} name={songCoverName(track.title, track.artist)} size={40} thumb={64} />
      <SongText>
        <Title data-testid="player-title">{track.title}</Title>
        <Muted data-testid="player-artist">
          {isRadioSource(player) ? 'Radio · ' : ''}
          {track.artist}
        </Muted>
      </SongText>
      <LikeButton song={{ id: track.id, title: track.title }} size={36} />
    </Now>
  );
}

/** Previous, play/pause and Next; in radio mode Next is an admin's Skip of the station's track (the radio page's Skip too). */
function Transport({ player }: { player: PlayerState }) {
  const dispatch = useDispatch();
  const isAdmin = useSelector(selectIsAdmin);
  const track = player.currentTrack;
  const radio = isRadioSource(player);
  const canNext = radio ? isAdmin : player.queue.length > 0;
  return (
    <Controls>
      <IconButton type="button" aria-label="Previous" disabled={!track || radio} onClick={() => dispatch(playerActions.previousRequested())}>
        <PreviousIcon />
      </IconButton>
      <PlayButton
        type="button"
        $size={44}
        aria-label={player.isPlaying ? 'Pause' : 'Play'}
        disabled={!track}
        onClick={() => dispatch(playerActions.playPauseRequested())}
      >
        {player.isPlaying ? <PauseIcon /> : <PlayIcon />}
      </PlayButton>
      <IconButton
        type="button"
        aria-label={radio ? 'Skip' : 'Next'}
        disabled={!track || !canNext}
        onClick={() => dispatch(radio ? playerActions.stationSkipRequested() : playerActions.nextRequested())}
      >
        <NextIcon />
      </IconButton>
      {player.isLoading || player.isBuffering ? <Spinner label="Buffering" size={18} /> : null}
    </Controls>
  );
}

/**
 * The persistent player: now playing, transport, seek with m:ss, volume and mute, like, buffering.
 * `notice` is a line above it from elsewhere in the app (the radio's "on air"); `actions` are
 * buttons from elsewhere in the app, beside the volume (the Lyrics toggle).
 */
export function PlayerBar({ notice, actions }: { notice?: ReactNode; actions?: ReactNode }) {
  const player = useSelector(selectPlayer);
  usePlayerShortcuts();
  useMediaSession();
  usePageHidden();
  useResumeOnClick(player.requiresInteraction);
  return (
    <PlayerBarFrame aria-label="Player">
      {notice ? <NoticeRow>{notice}</NoticeRow> : null}
      <NowPlaying player={player} />
      <Center>
        <Transport player={player} />
        <SeekBar player={player} />
        {player.requiresInteraction && player.error ? <Notice role="status">{player.error}</Notice> : null}
      </Center>
      <VolumeControl player={player}>{actions}</VolumeControl>
    </PlayerBarFrame>
  );
}
