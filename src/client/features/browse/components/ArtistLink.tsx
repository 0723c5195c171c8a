import { Link } from 'react-router-dom';
import { useSearchLibraryQuery } from '../browseApi';

const fold = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * An album artist's name linking to their page. An album carries the name only, so the artist is
 * found by a library search for it; until then (or when no artist has that exact name) it is text.
 */
export function ArtistLink({ name }: { name: string }) {
  const { data } = useSearchLibraryQuery(name, { skip: !name.trim() });
  const artist = data?.artists.find((a) => fold(a.name) === fold(name));
  return artist ? <Link to={`/artists/${artist.id}`}>{name}</Link> : <>{name}</>;
}
