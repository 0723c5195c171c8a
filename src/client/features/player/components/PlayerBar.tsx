import { useSelector, useDispatch } from 'react-redux';
import styled from 'styled-components';
import { IconButton } from '../../../ui/Button';
import { SongText } from '../../../ui/SongRow';
import { formatDuration } from '../../../ui/format';
import { MuteIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, VolumeIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { selectIsAdmin } from '../../../shared/session';
import { playerActions, selectPlayer, type PlayerState } from '../../../shared/player';
import { useSongActions } from '../../../shared/songs';
import { usePlayerShortcuts } from './usePlayerShortcuts';
import { useMediaSession } from './useMediaSession';
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
    grid-row: 2;
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
const SeekRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  max-width: 640px;
  font-size: 0.8rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.textMuted};
  input {
    flex: 1;
    min-width: 0;
    accent-color: ${({ theme }) => theme.color.accent};
  }
`;
const Right = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)};
  input {
    width: 110px;
    accent-color: ${({ theme }) => theme.color.accent};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    input {
      display: none;
    }
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
      <SongText>
        <Title data-testid="player-title">{track.title}</Title>
        <Muted data-testid="player-artist">
          {player.isRadioMode ? 'Radio · ' : ''}
          {track.artist}
        </Muted>
      </SongText>
      <LikeButton song={{ id: track.id, title: track.title }} size={36} />
    </Now>
  );
}

/** Previous, play/pause and Next; in radio mode Next is an admin's Skip (the radio feature turns the intent into a skip). */
function Transport({ player }: { player: PlayerState }) {
  const dispatch = useDispatch();
  const isAdmin = useSelector(selectIsAdmin);
  const track = player.currentTrack;
  const radio = player.isRadioMode;
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
      <IconButton type="button" aria-label={radio ? 'Skip' : 'Next'} disabled={!track || !canNext} onClick={() => dispatch(playerActions.nextRequested())}>
        <NextIcon />
      </IconButton>
      {player.isLoading || player.isBuffering ? <Spinner label="Buffering" size={18} /> : null}
    </Controls>
  );
}

function SeekBar({ player }: { player: PlayerState }) {
  const dispatch = useDispatch();
  const duration = player.duration || player.currentTrack?.duration || 0;
  return (
    <SeekRow>
      <span data-testid="player-time">{formatDuration(player.currentTime)}</span>
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(player.currentTime, duration || 0)}
        aria-valuetext={`${formatDuration(player.currentTime)} of ${formatDuration(duration)}`}
        disabled={!player.currentTrack || player.isRadioMode || !duration}
        onChange={(e) => dispatch(playerActions.seekRequested({ seconds: Number(e.target.value) }))}
      />
      <span data-testid="player-duration">{formatDuration(duration)}</span>
    </SeekRow>
  );
}

function VolumeControl({ player }: { player: PlayerState }) {
  const dispatch = useDispatch();
  return (
    <Right>
      <IconButton
        type="button"
        aria-label={player.isMuted ? 'Unmute' : 'Mute'}
        aria-pressed={player.isMuted}
        onClick={() => dispatch(playerActions.muteToggleRequested())}
      >
        {player.isMuted || player.volume === 0 ? <MuteIcon /> : <VolumeIcon />}
      </IconButton>
      <input
        type="range"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.05}
        value={player.isMuted ? 0 : player.volume}
        onChange={(e) => dispatch(playerActions.volumeChangeRequested({ volume: Number(e.target.value) }))}
      />
    </Right>
  );
}

/** The persistent player: now playing, transport, seek with m:ss, volume and mute, like, buffering. */
export function PlayerBar() {
  const player = useSelector(selectPlayer);
  usePlayerShortcuts();
  useMediaSession();
  useResumeOnClick(player.requiresInteraction);
  return (
    <PlayerBarFrame aria-label="Player">
      <NowPlaying player={player} />
      <Center>
        <Transport player={player} />
        <SeekBar player={player} />
        {player.requiresInteraction && player.error ? <Notice role="status">{player.error}</Notice> : null}
      </Center>
      <VolumeControl player={player} />
    </PlayerBarFrame>
  );
}
