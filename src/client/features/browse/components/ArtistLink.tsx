import { Link } from 'react-router-dom';

/** An album artist's name linking to their page, or plain text when the library has no artist of that name. */
export function ArtistLink({ name, id }: { name: string; id: string | null }) {
  return id ? <Link to={`/artists/${id}`}>{name}</Link> : <>{name}</>;
}
