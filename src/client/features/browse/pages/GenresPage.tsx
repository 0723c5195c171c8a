import { Page, PageTitle, ErrorMessage } from '../../../ui/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { GeneratedCover } from '../../../ui/cover/GeneratedCover';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useGetGenresQuery } from '../browseApi';
import { NameLink, NameList, plural } from '../components/NameList';

/** docs/product.md §2.12 Genres: every genre of the library; one opens Albums filtered by it. */
export default function GenresPage() {
  useDocumentTitle('Genres');
  const { data, isLoading, isError } = useGetGenresQuery();
  const genres = data?.genres ?? [];
  return (
    <Page>
      <PageTitle>Genres</PageTitle>
      {isError ? (
        <ErrorMessage>Failed to fetch genres</ErrorMessage>
      ) : isLoading ? (
        <Spinner label="Loading genres" />
      ) : genres.length === 0 ? (
        <EmptyState>No genres yet. Genres come from the tags of scanned songs.</EmptyState>
      ) : (
        <NameList aria-label="Genres">
          {genres.map((genre) => (
            <li key={genre.name}>
              <NameLink to={`/albums?${new URLSearchParams({ genre: genre.name })}`}>
                <GeneratedCover name={genre.name} size={48} />
                <span>
                  <strong>{genre.name}</strong>
                  <small>
                    {plural(genre.albumCount, 'album', 'albums')} · {plural(genre.songCount, 'song', 'songs')}
                  </small>
                </span>
              </NameLink>
            </li>
          ))}
        </NameList>
      )}
    </Page>
  );
}
