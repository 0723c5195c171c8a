import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Album, AlbumSort } from '../../../../contract/browse';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useGetAlbumsPagesInfiniteQuery, type AlbumFilters as Filters } from '../browseApi';
import { AlbumCard } from '../components/AlbumCard';
import { AlbumFilters, SORT_LABELS } from '../components/AlbumFilters';
import { VirtualGrid } from '../components/VirtualGrid';

/** The filters live in the address (?sort=&genre=&year=), so a genre link and the back button keep them. */
function useAlbumFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort') ?? '';
  // the sorts are the keys of SORT_LABELS (importing contract/browse's list would bring zod into the chunk)
  const sort: AlbumSort = Object.hasOwn(SORT_LABELS, raw) ? (raw as AlbumSort) : 'recent';
  const genre = params.get('genre') ?? '';
  const year = params.get('year') ?? '';
  const change = useCallback(
    (next: { sort?: AlbumSort; genre?: string; year?: string }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const filters = useMemo<Filters>(() => ({ sort, genre: genre || undefined, year: /^\d{4}$/.test(year) ? Number(year) : undefined }), [sort, genre, year]);
  return { sort, genre, year, filters, change };
}

const keyOf = (album: Album) => album.id;
const renderAlbum = (album: Album) => <AlbumCard album={album} />;

/** docs/product.md §2.12 Albums: every album as artwork, sorted and filtered, drawn a screen at a time. */
export default function AlbumsPage() {
  useDocumentTitle('Albums');
  const { sort, genre, year, filters, change } = useAlbumFilters();
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetAlbumsPagesInfiniteQuery(filters);
  const albums = useMemo(() => data?.pages.flatMap((page) => page.albums) ?? [], [data]);
  const more = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);

  return (
    <Page>
      <PageTitle>Albums</PageTitle>
      <AlbumFilters sort={sort} genre={genre} year={year} onChange={change} />
      {isError && albums.length === 0 ? (
        <ErrorMessage>Failed to fetch albums</ErrorMessage>
      ) : isLoading ? (
        <Spinner label="Loading albums" />
      ) : albums.length === 0 ? (
        <EmptyState>{genre || year ? 'No albums match these filters.' : 'No albums yet. Albums appear here once MUSIC_DIR is scanned.'}</EmptyState>
      ) : (
        <VirtualGrid items={albums} keyOf={keyOf} renderItem={renderAlbum} aria-label="Albums" hasMore={hasNextPage} onEndReached={more} />
      )}
      {isFetchingNextPage ? <Spinner label="Loading more albums" /> : null}
    </Page>
  );
}
