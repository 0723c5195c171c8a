import { useNavigate, useParams } from 'react-router-dom';
import { toPlayerTrack, usePlaySongs, usePrepareOnIntent } from '../../../shared/player';
import { useSongActions } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { Artwork } from '../../../ui/cover/Artwork';
import { formatTotalDuration } from '../../../ui/format';
import { PlayIcon } from '../../../ui/icons';
import { ShuffleIcon } from '../../../ui/libraryIcons';
import { ErrorMessage, Page } from '../../../ui/Page';
import { PageSpinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { isNotFound, useGetAlbumQuery, type AlbumResponse } from '../browseApi';
import { AlbumSongs } from '../components/AlbumSongs';
import { ArtistLink } from '../components/ArtistLink';
import { DetailActions, DetailHeader } from '../components/DetailHeader';

type AlbumDetail = AlbumResponse['album'];

/** "12 songs · 48 min" */
export const albumFacts = (album: Pick<AlbumDetail, 'songCount' | 'duration'>) =>
  `${album.songCount} ${album.songCount === 1 ? 'song' : 'songs'} · ${formatTotalDuration(album.duration)}`;

function AlbumHeader({ album }: { album: AlbumDetail }) {
  const { playAll, shuffleAll } = usePlaySongs(album.songs, 'library');
  const playAllIntent = usePrepareOnIntent(() => (album.songs[0] ? toPlayerTrack(album.songs[0]) : null));
  const empty = album.songs.length === 0;
  const { ShareButton, KeepButton } = useSongActions();
  return (
    <DetailHeader>
      <Artwork url={album.artworkUrl} name={album.name} thumb={600} />
      <div>
        <h1>{album.name}</h1>
        <p>
          <ArtistLink name={album.albumArtist} id={album.albumArtistId} />
          {album.year ? ` · ${album.year}` : ''}
        </p>
        {album.genres.length > 0 ? <p>{album.genres.join(', ')}</p> : null}
        <p data-testid="album-facts">{albumFacts(album)}</p>
        <DetailActions>
          <Button type="button" disabled={empty} onClick={playAll} {...playAllIntent}>
            <PlayIcon width={20} height={20} /> Play all
          </Button>
          <Button type="button" $variant="secondary" disabled={empty} onClick={shuffleAll}>
            <ShuffleIcon width={20} height={20} /> Shuffle
          </Button>
          <ShareButton kind="album" ids={[album.id]} name={album.name} disabled={empty} />
          <KeepButton kind="album" id={album.id} name={album.name} songs={album.songs} />
        </DetailActions>
      </div>
    </DetailHeader>
  );
}

/** docs/product.md §2.12 Album: artwork, facts, play all, shuffle, the songs by disc and track. */
export default function AlbumPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, isError, error } = useGetAlbumQuery(id);
  const album = data?.album;
  const failure = isNotFound(error) ? 'Album not found' : 'Failed to fetch the album';
  useDocumentTitle(album?.name ?? (isError ? failure : null));

  if (isLoading) return <PageSpinner />;
  if (isError || !album) {
    return (
      <Page>
        <ErrorMessage>{failure}</ErrorMessage>
        <Button type="button" $variant="secondary" onClick={() => navigate('/albums')}>
          Back to albums
        </Button>
      </Page>
    );
  }
  return (
    <Page>
      <AlbumHeader album={album} />
      <AlbumSongs songs={album.songs} albumName={album.name} />
    </Page>
  );
}
