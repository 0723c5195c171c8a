import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { RadioQueueTrack } from '../../../../contract/radio';
import { Artwork } from '../../../ui/cover/Artwork';
import { songCoverName } from '../../../ui/cover/coverArt';
import { formatDuration } from '../../../ui/format';
import { livePosition } from '../livePosition';

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
`;
const Label = styled.p`
  margin: 0;
  font-size: 0.8rem;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
const Title = styled.h2`
  margin: 0;
  font-size: 1.4rem;
  overflow-wrap: anywhere;
`;
const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;
const Track = styled.div`
  height: 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;
const Fill = styled.div.attrs<{ $ratio: number }>(({ $ratio }) => ({ style: { width: `${Math.round($ratio * 1000) / 10}%` } }))<{ $ratio: number }>`
  height: 100%;
  background: ${({ theme }) => theme.color.accent};
`;
const Times = styled.div`
  display: flex;
  justify-content: space-between;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;

/** The radio track's cover, as the queue carries it (the same the player bar shows). */
function RadioArtwork({ track }: { track: RadioQueueTrack }) {
  return <Artwork url={track.artworkUrl} name={songCoverName(track.title, track.artist)} size={120} thumb={300} />;
}

export interface NowPlayingCardProps {
  track: RadioQueueTrack | null;
  isRadioActive: boolean;
  startedAt: number | null;
  clockOffsetMs: number;
  now?: () => number;
}

/** What the station plays, with its live progress. */
export function NowPlayingCard({ track, isRadioActive, startedAt, clockOffsetMs, now = Date.now }: NowPlayingCardProps) {
  const [localNow, setLocalNow] = useState(now);
  useEffect(() => {
    if (!isRadioActive || startedAt === null) return;
    setLocalNow(now());
    const timer = setInterval(() => setLocalNow(now()), 1000);
    return () => clearInterval(timer);
  }, [isRadioActive, startedAt, now]);

  if (!track) {
    return (
      <Card aria-label="Now playing">
        <Label>{isRadioActive ? 'On air' : 'Off air'}</Label>
        <Title>{isRadioActive ? 'Nothing playing' : 'The radio is off'}</Title>
        <Muted>{isRadioActive ? 'The queue is empty.' : 'An admin starts the radio.'}</Muted>
      </Card>
    );
  }
  const position = isRadioActive && startedAt !== null ? livePosition({ startedAt, clockOffsetMs, localNow, duration: track.duration }) : 0;
  return (
    <Card aria-label="Now playing">
      <Label>{isRadioActive ? 'Now playing' : 'Paused (radio off)'}</Label>
      <Heading>
        <RadioArtwork track={track} />
        <div>
          <Title>{track.title}</Title>
          <Muted>{track.artist}</Muted>
        </div>
      </Heading>
      {track.addedBy ? <Muted>Added by {track.addedBy.username}</Muted> : null}
      <Track
        role="progressbar"
        aria-label="Track progress"
        aria-valuemin={0}
        aria-valuemax={Math.round(track.duration)}
        aria-valuenow={Math.floor(position)}
        aria-valuetext={`${formatDuration(position)} of ${formatDuration(track.duration)}`}
      >
        <Fill $ratio={track.duration > 0 ? position / track.duration : 0} />
      </Track>
      <Times>
        <span>{formatDuration(position)}</span>
        <span>{formatDuration(track.duration)}</span>
      </Times>
    </Card>
  );
}
