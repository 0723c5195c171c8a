import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Album } from '../../../../contract/browse';
import { Artwork } from '../../../ui/cover/Artwork';
import { twoLineText } from '../../../ui/Page';
import { CARD_CAPTION_HEIGHT } from './VirtualGrid';

const CardLink = styled(Link)`
  display: grid;
  grid-template-rows: auto ${CARD_CAPTION_HEIGHT}px;
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.md};
  & > svg,
  & > img {
    width: 100%;
    height: auto;
    aspect-ratio: 1;
  }
  &:hover strong {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;
const Caption = styled.span`
  display: grid;
  align-content: start;
  padding-top: ${({ theme }) => theme.space(2)};
  min-width: 0;
  ${twoLineText}
`;

/** "Artist · 1999", or the artist alone when the year is unknown. */
export const albumByline = (album: Pick<Album, 'albumArtist' | 'year'>) => (album.year ? `${album.albumArtist} · ${album.year}` : album.albumArtist);

/**
 * The card's accessible name: its visible text in the order shown, so a voice user can say what
 * they see (WCAG 2.5.3, axe label-content-name-mismatch); the comma only adds a pause when read.
 */
export const albumCardName = (album: Pick<Album, 'name' | 'albumArtist' | 'year'>) => `${album.name}, ${albumByline(album)}`;

/** An album in a grid: its cover, name and artist, opening the album. */
export function AlbumCard({ album }: { album: Album }) {
  return (
    <CardLink to={`/albums/${album.id}`} data-testid="album-card" aria-label={albumCardName(album)}>
      <Artwork url={album.artworkUrl} name={album.name} thumb={300} onlyOnScreen />
      <Caption>
        {/* the space keeps the two lines apart in the page's text too (a grid does not draw it) */}
        <strong>{album.name}</strong> <span>{albumByline(album)}</span>
      </Caption>
    </CardLink>
  );
}
