import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { SHARE_MESSAGES } from '../../../../contract/shareConstants';
import type { PublicShare, PublicShareTrack } from '../../../../contract/shares';
import { Artwork } from '../../../ui/cover/Artwork';
import { CenteredPage, twoLineText } from '../../../ui/Page';
import { formatDuration } from '../../../ui/format';
import { PauseIcon, PlayIcon } from '../../../ui/icons';
import { PageSpinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { expiryText } from '../expiry';
import { useGetPublicShareQuery } from '../sharesApi';

const Main = styled.main`
  max-width: 880px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  min-width: 0;
`;
const Header = styled.header`
  display: grid;
  grid-template-columns: minmax(120px, 240px) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(1.5rem, 4vw, 2.25rem);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.textMuted};
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.color.accent};
    font-weight: 600;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}px) {
    grid-template-columns: 1fr;
    & > :first-child {
      max-width: 200px;
    }
  }
`;
const Tracks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: 44px minmax(0, 1fr) auto;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li[aria-current='true'] strong {
    color: ${({ theme }) => theme.color.accent};
  }
  ${twoLineText}
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  small {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
  }
  a {
    color: ${({ theme }) => theme.color.accent};
  }
`;
const PlayButton = styled.button`
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.accent};
    outline-offset: 2px;
  }
`;
const Audio = styled.audio`
  width: 100%;
  margin: ${({ theme }) => theme.space(4)} 0;
`;

function TrackRow({ track, current, playing, onPlay }: { track: PublicShareTrack; current: boolean; playing: boolean; onPlay: () => void }) {
  const label = current && playing ? `Pause ${track.title}` : `Play ${track.title}`;
  return (
    <li aria-current={current ? 'true' : undefined} data-testid="share-track">
      <PlayButton type="button" aria-label={label} onClick={onPlay}>
        {current && playing ? <PauseIcon width={20} height={20} /> : <PlayIcon width={20} height={20} />}
      </PlayButton>
      <div>
        <strong>{track.title}</strong>
        <span>
          {track.artist}
          {track.album ? ` · ${track.album}` : ''}
        </span>
      </div>
      <small>
        {formatDuration(track.duration)}
        {track.downloadUrl ? (
          <a href={track.downloadUrl} download aria-label={`Download ${track.title}`}>
            Download
          </a>
        ) : null}
      </small>
    </li>
  );
}

/** The share's player: one plain audio element, no account, no app player (docs/decisions/shares.md). */
function SharedMusic({ share }: { share: PublicShare }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const play = (i: number) => {
    const element = audio.current;
    if (!element) return;
    if (i === index) {
      if (element.paused) void element.play();
      else element.pause();
      return;
    }
    setIndex(i);
    element.src = share.tracks[i].streamUrl;
    void element.play();
  };
  const current = index === null ? null : share.tracks[index];
  return (
    <>
      <Header>
        <Artwork url={share.artworkUrl} name={share.name} thumb={600} alt="" />
        <div>
          <h1>{share.name}</h1>
          {share.description ? <p>{share.description}</p> : null}
          <p>
            Shared by {share.owner} · {expiryText(share.expiresAt, false)}
          </p>
          <p>
            <a href={share.playlistUrl}>Open as playlist (m3u)</a>
          </p>
        </div>
      </Header>
      <Audio
        ref={audio}
        data-testid="share-audio"
        controls
        preload="none"
        aria-label={current ? `Now playing: ${current.title}` : 'Player'}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          if (index !== null && index + 1 < share.tracks.length) play(index + 1);
        }}
      />
      {share.tracks.length === 0 ? (
        <p>Nothing to play here any more.</p>
      ) : (
        <Tracks aria-label="Tracks">
          {share.tracks.map((track, i) => (
            <TrackRow key={track.id} track={track} current={i === index} playing={i === index && playing} onPlay={() => play(i)} />
          ))}
        </Tracks>
      )}
    </>
  );
}

/** docs/product.md §2.16: a share's public page, for anyone with the link, signed in or not. */
export default function SharePage() {
  const { shareId = '' } = useParams();
  const { data, isLoading, isError } = useGetPublicShareQuery(shareId);
  const share = data?.share;
  useDocumentTitle(share?.name ?? (isError ? 'Share not found' : null));
  if (isLoading) return <PageSpinner />;
  if (isError || !share) {
    return (
      <CenteredPage>
        <h1>{SHARE_MESSAGES.expiredPage}</h1>
        <p>Ask the person who sent you the link for a new one.</p>
      </CenteredPage>
    );
  }
  return (
    <Main>
      <SharedMusic share={share} />
    </Main>
  );
}
