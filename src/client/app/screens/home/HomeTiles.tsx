import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useLikedCount } from '../../../features/liked';
import { selectRadio, useGetRadioQueueQuery } from '../../../features/radio';
import { BoxIcon, HeartIcon, ListIcon, RadioIcon } from '../../../ui/icons';
import { plural } from './plural';

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(200px, 100%), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(8)};
`;
const Tile = styled(Link)`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  svg {
    width: 32px;
    height: 32px;
    color: ${({ theme }) => theme.color.accent};
  }
  strong {
    display: block;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  &:hover {
    border-color: ${({ theme }) => theme.color.accent};
  }
`;

/** The home page's four tiles: the radio (live or off air), the Music Box, liked songs and playlists. */
export function HomeTiles({ playlistCount }: { playlistCount: number | undefined }) {
  useGetRadioQueueQuery(); // seeds the radio slice until the socket keeps it
  const radio = useSelector(selectRadio);
  const likedCount = useLikedCount();
  const radioOn = radio.isRadioActive;
  const listeners = plural(radio.listeners, 'listener', 'listeners');
  return (
    <Tiles role="group" aria-label="Your library">
      <Tile to="/radio">
        <RadioIcon />
        <div>
          <strong>Radio</strong>
          <span>{radioOn ? `Live · ${listeners}` : 'Off air'}</span>
        </div>
      </Tile>
      <Tile to="/music-box">
        <BoxIcon />
        <div>
          <strong>Music Box</strong>
          <span>Suggest and vote</span>
        </div>
      </Tile>
      <Tile to="/liked" data-testid="tile-liked">
        <HeartIcon />
        <div>
          <strong>Liked Songs</strong>
          <span>{likedCount === null ? '…' : plural(likedCount, 'song', 'songs')}</span>
        </div>
      </Tile>
      <Tile to="/playlists" data-testid="tile-playlists">
        <ListIcon />
        <div>
          <strong>Playlists</strong>
          <span>{playlistCount === undefined ? '…' : plural(playlistCount, 'playlist', 'playlists')}</span>
        </div>
      </Tile>
    </Tiles>
  );
}
