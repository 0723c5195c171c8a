import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SEARCH_DURATION_DEFAULT, SONGS_PAGE_SIZE } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import type { Song } from '../../../../contract/songs';
import { useSearchSongsPagesInfiniteQuery } from '../../../api/songsApi';
import { PlayableSongList } from '../../../shared/songs';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { SearchFilters } from '../components/SearchFilters';
import { useLoadOnScroll } from '../useLoadOnScroll';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

const Footer = styled.div`
  display: grid;
  place-items: center;
  min-height: 64px;
`;

export const SEARCH_DEBOUNCE_MS = 250;

interface Filters {
  search: string;
  minMinutes: number;
  maxMinutes: number;
}

/** The matching songs, loaded page by page as the list scrolls; a row plays its song and queues the results after it. */
function SearchResults({ search, minMinutes, maxMinutes }: Filters) {
  const filters = { search: search || undefined, minDuration: minMinutes * 60, maxDuration: maxMinutes * 60, limit: SONGS_PAGE_SIZE };
  const { data, isLoading, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } = useSearchSongsPagesInfiniteQuery(filters);
  const songs = useMemo<Song[]>(() => data?.pages.flatMap((page) => page.songs) ?? [], [data]);
  const sentinel = useLoadOnScroll<HTMLDivElement>(hasNextPage, isFetching, fetchNextPage);
  return (
    <>
      {isError ? <ErrorMessage>{(error as { message?: string })?.message ?? MESSAGES.requestFailed(0)}</ErrorMessage> : null}
      {isLoading ? (
        <Footer>
          <Spinner label="Loading songs" />
        </Footer>
      ) : !isError && songs.length === 0 ? (
        <EmptyState>{MESSAGES.noSongsFound}</EmptyState>
      ) : (
        <PlayableSongList songs={songs} source="search" aria-label="Songs" aria-busy={isFetching} rowTestId="song-result" />
      )}
      <Footer ref={sentinel}>
        {isFetchingNextPage ? <Spinner label="Loading more songs" size={22} /> : null}
        {hasNextPage && !isFetchingNextPage ? (
          <Button type="button" $variant="secondary" $size="sm" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </Footer>
    </>
  );
}

interface SearchPageProps {
  /** What the header offers beside the title (app/ puts the admin's Add Track there); `searchFor` shows a song by its title. */
  headerActions?: (searchFor: (text: string) => void) => ReactNode;
}

/** docs/product.md §2 Search: text and duration filters served by the API, pages loaded as the list scrolls. */
export default function SearchPage({ headerActions }: SearchPageProps) {
  useDocumentTitle('Search');
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [minMinutes, setMinMinutes] = useState<number>(SEARCH_DURATION_DEFAULT.min / 60);
  const [maxMinutes, setMaxMinutes] = useState<number>(SEARCH_DURATION_DEFAULT.max / 60);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const q = params.get('q');
    if (q !== null) setText(q);
  }, [params]);

  return (
    <Page>
      <PageHeader>
        <PageTitle>Search</PageTitle>
        {headerActions?.(setText)}
      </PageHeader>
      <SearchFilters text={text} onText={setText} minMinutes={minMinutes} onMinMinutes={setMinMinutes} maxMinutes={maxMinutes} onMaxMinutes={setMaxMinutes} />
      <SearchResults search={search} minMinutes={minMinutes} maxMinutes={maxMinutes} />
    </Page>
  );
}
