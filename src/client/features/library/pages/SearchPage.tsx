import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SEARCH_DURATION_DEFAULT, SEARCH_MAX_DURATION_OPTIONS_MIN, SEARCH_MIN_DURATION_OPTIONS_MIN, SONGS_PAGE_SIZE } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import type { Song } from '../../../../contract/songs';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { UploadIcon } from '../../../ui/icons';
import { ErrorMessage, Page, PageHeader, PageTitle } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { Input } from '../../../ui/TextField';
import { selectIsAdmin } from '../../auth';
import { playerActions, selectPlayer, toPlayerTrack } from '../../player';
import { SongList } from '../../../ui/SongRow';
import { SongResult } from '../components/SongResult';
import { UploadTrackDialog } from '../components/UploadTrackDialog';
import { useSearchSongsPagesInfiniteQuery } from '../songsApi';
import { useDebouncedValue } from '../useDebouncedValue';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label { display: grid; gap: ${({ theme }) => theme.space(1)}; font-size: 0.9rem; font-weight: 600; }
  label:first-child { flex: 1 1 260px; }
  select {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
  }
`;
const Footer = styled.div`
  display: grid;
  place-items: center;
  min-height: 64px;
`;

export const SEARCH_DEBOUNCE_MS = 250;

/** SPEC §2 Search: text and duration filters served by the API, pages loaded as the list scrolls. */
export default function SearchPage() {
  const dispatch = useDispatch();
  const isAdmin = useSelector(selectIsAdmin);
  const player = useSelector(selectPlayer);
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [minMinutes, setMinMinutes] = useState<number>(SEARCH_DURATION_DEFAULT.min / 60);
  const [maxMinutes, setMaxMinutes] = useState<number>(SEARCH_DURATION_DEFAULT.max / 60);
  const [uploadOpen, setUploadOpen] = useState(false);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const q = params.get('q');
    if (q !== null) setText(q);
  }, [params]);

  const filters = { search: search || undefined, minDuration: minMinutes * 60, maxDuration: maxMinutes * 60, limit: SONGS_PAGE_SIZE };
  const { data, isLoading, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } = useSearchSongsPagesInfiniteQuery(filters);
  const songs = useMemo<Song[]>(() => data?.pages.flatMap((page) => page.songs) ?? [], [data]);

  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetching) void fetchNextPage();
    }, { rootMargin: '400px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const play = (song: Song, index: number) => {
    if (player.currentTrack?.id === song.id) {
      dispatch(playerActions.togglePlayRequested({ track: toPlayerTrack(song), source: 'search' }));
    } else {
      // the results after it are queued, so Next and Previous walk through them
      dispatch(playerActions.playAllRequested({ tracks: songs.map(toPlayerTrack), startIndex: index, source: 'search' }));
    }
  };

  return (
    <Page>
      <PageHeader>
        <PageTitle>Search</PageTitle>
        {isAdmin ? (
          <Button type="button" onClick={() => setUploadOpen(true)}>
            <UploadIcon width={20} height={20} /> Add Track
          </Button>
        ) : null}
      </PageHeader>
      <Filters role="search">
        <label>
          Title or artist
          <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search songs or artists" />
        </label>
        <label>
          Minimum duration
          <select value={minMinutes} onChange={(e) => setMinMinutes(Number(e.target.value))}>
            {SEARCH_MIN_DURATION_OPTIONS_MIN.map((m) => (
              <option key={m} value={m}>
                {m} min
              </option>
            ))}
          </select>
        </label>
        <label>
          Maximum duration
          <select value={maxMinutes} onChange={(e) => setMaxMinutes(Number(e.target.value))}>
            {SEARCH_MAX_DURATION_OPTIONS_MIN.map((m) => (
              <option key={m} value={m}>
                {m} min
              </option>
            ))}
          </select>
        </label>
      </Filters>

      {isError ? <ErrorMessage>{(error as { message?: string })?.message ?? MESSAGES.requestFailed(0)}</ErrorMessage> : null}
      {isLoading ? (
        <Footer>
          <Spinner label="Loading songs" />
        </Footer>
      ) : !isError && songs.length === 0 ? (
        <EmptyState>{MESSAGES.noSongsFound}</EmptyState>
      ) : (
        <SongList aria-label="Songs" aria-busy={isFetching}>
          {songs.map((song, index) => {
            const current = player.currentTrack?.id === song.id;
            return <SongResult key={song.id} song={song} current={current} playing={current && player.isPlaying} onPlay={() => play(song, index)} />;
          })}
        </SongList>
      )}
      <Footer ref={sentinel}>
        {isFetchingNextPage ? <Spinner label="Loading more songs" size={22} /> : null}
        {hasNextPage && !isFetchingNextPage ? (
          <Button type="button" $variant="secondary" $size="sm" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </Footer>
      {isAdmin ? <UploadTrackDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={(song) => setText(song.title)} /> : null}
    </Page>
  );
}
