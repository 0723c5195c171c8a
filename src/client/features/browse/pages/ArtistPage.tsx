import { useNavigate, useParams } from 'react-router-dom';
import type { Album } from '../../../../contract/browse';
import { PlayableSongList } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { Artwork } from '../../../ui/cover/Artwork';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page } from '../../../ui/Page';
import { PageSpinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { isNotFound, useGetArtistQuery } from '../browseApi';
import { AlbumCard } from '../components/AlbumCard';
import { DetailHeader, Section } from '../components/DetailHeader';
import { plural } from '../components/NameList';
import { VirtualGrid } from '../components/VirtualGrid';

const keyOf = (album: Album) => album.id;
const renderAlbum = (album: Album) => <AlbumCard album={album} />;

/** docs/product.md §2.12 Artist: their albums and their most played songs. */
export default function ArtistPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, isError, error } = useGetArtistQuery(id);
  const artist = data?.artist;
  const failure = isNotFound(error) ? 'Artist not found' : 'Failed to fetch the artist';
  useDocumentTitle(artist?.name ?? (isError ? failure : null));

  if (isLoading) return <PageSpinner />;
  if (isError || !artist) {
    return (
      <Page>
        <ErrorMessage>{failure}</ErrorMessage>
        <Button type="button" $variant="secondary" onClick={() => navigate('/artists')}>
          Back to artists
        </Button>
      </Page>
    );
  }
  return (
    <Page>
      <DetailHeader>
        <Artwork url={artist.artworkUrl} name={artist.name} thumb={600} round />
        <div>
          <h1>{artist.name}</h1>
          <p>
            {plural(artist.albumCount, 'album', 'albums')} · {plural(artist.songCount, 'song', 'songs')}
          </p>
        </div>
      </DetailHeader>
      <Section aria-labelledby="artist-top-songs">
        <h2 id="artist-top-songs">Top songs</h2>
        {artist.topSongs.length === 0 ? (
          <EmptyState>No songs yet.</EmptyState>
        ) : (
          <PlayableSongList songs={artist.topSongs} source="library" aria-label={`Top songs of ${artist.name}`} />
        )}
      </Section>
      <Section aria-labelledby="artist-albums">
        <h2 id="artist-albums">Albums</h2>
        {artist.albums.length === 0 ? (
          <EmptyState>No albums yet.</EmptyState>
        ) : (
          <VirtualGrid items={artist.albums} keyOf={keyOf} renderItem={renderAlbum} aria-label={`Albums of ${artist.name}`} />
        )}
      </Section>
    </Page>
  );
}
