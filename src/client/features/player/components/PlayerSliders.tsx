import type { KeyboardEvent, ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import styled, { css } from 'styled-components';
import { IconButton } from '../../../ui/Button';
import { formatDuration } from '../../../ui/format';
import { MuteIcon, VolumeIcon } from '../../../ui/icons';
import { isRadioSource, playerActions, type PlayerState } from '../../../shared/player';
import { seekByKey, seekValueText, volumeValueText } from './sliderText';

/** Easy to hit: the range input itself is at least 24 px tall (WCAG 2.5.8). */
const range = css`
  height: 24px;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.accent};
  cursor: pointer;
  &:disabled {
    cursor: default;
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
    ${range}
    flex: 1;
    min-width: 0;
  }
`;
const Right = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)};
  input {
    ${range}
    width: 110px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    input {
      display: none;
    }
  }
`;

/** The position in m:ss, a slider that arrows move 5 s at a time and that says "1:05 of 3:20", and the duration. */
export function SeekBar({ player }: { player: PlayerState }) {
  const dispatch = useDispatch();
  const duration = player.duration || player.currentTrack?.duration || 0;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const to = seekByKey(e.key, player.currentTime, duration);
    if (to === null) return;
    e.preventDefault();
    dispatch(playerActions.seekRequested({ seconds: to }));
  };
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
        aria-valuetext={seekValueText(player.currentTime, duration)}
        disabled={!player.currentTrack || isRadioSource(player) || !duration}
        onKeyDown={onKeyDown}
        onChange={(e) => dispatch(playerActions.seekRequested({ seconds: Number(e.target.value) }))}
      />
      <span data-testid="player-duration">{formatDuration(duration)}</span>
    </SeekRow>
  );
}

/** Mute and a volume slider that says its level as a percentage; `children` go before them (the app's buttons given to the player bar). */
export function VolumeControl({ player, children }: { player: PlayerState; children?: ReactNode }) {
  const dispatch = useDispatch();
  const level = player.isMuted ? 0 : player.volume;
  return (
    <Right>
      {children}
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
        value={level}
        aria-valuetext={volumeValueText(level)}
        onChange={(e) => dispatch(playerActions.volumeChangeRequested({ volume: Number(e.target.value) }))}
      />
    </Right>
  );
}
