import { useMemo } from 'react';
import { Button } from '../../../ui/Button';
import { Artwork } from '../../../ui/cover/Artwork';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useGetArtistsPagesInfiniteQuery } from '../browseApi';
import { NameLink, NameList, plural } from '../components/NameList';

/** docs/product.md §2.12 Artists: every artist in name order with their album and song counts, a page at a time. */
export default function ArtistsPage() {
  useDocumentTitle('Artists');
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetArtistsPagesInfiniteQuery();
  const artists = useMemo(() => data?.pages.flatMap((page) => page.artists) ?? [], [data]);
  return (
    <Page>
      <PageTitle>Artists</PageTitle>
      {isError && artists.length === 0 ? (
        <ErrorMessage>Failed to fetch artists</ErrorMessage>
      ) : isLoading ? (
        <Spinner label="Loading artists" />
      ) : artists.length === 0 ? (
        <EmptyState>No artists yet. Artists appear here once MUSIC_DIR is scanned.</EmptyState>
      ) : (
        <NameList aria-label="Artists">
          {artists.map((artist) => (
            <li key={artist.id}>
              <NameLink to={`/artists/${artist.id}`}>
                <Artwork url={artist.artworkUrl} name={artist.name} size={48} thumb={64} round />
                <span>
                  <strong>{artist.name}</strong>
                  <small>
                    {plural(artist.albumCount, 'album', 'albums')} · {plural(artist.songCount, 'song', 'songs')}
                  </small>
                </span>
              </NameLink>
            </li>
          ))}
        </NameList>
      )}
      {hasNextPage ? (
        <Button type="button" $variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()} style={{ marginTop: 16 }}>
          {isFetchingNextPage ? 'Loading…' : 'Show more artists'}
        </Button>
      ) : null}
    </Page>
  );
}
