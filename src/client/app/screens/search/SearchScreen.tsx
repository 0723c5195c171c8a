import SearchPage from '../../../features/search/pages/SearchPage';
import { AddTrack } from '../../../features/upload';

/** The Search page with the admin's Add Track beside its title: an uploaded song is searched for by its title. */
export default function SearchScreen() {
  return <SearchPage headerActions={(searchFor) => <AddTrack onUploaded={(song) => searchFor(song.title)} />} />;
}
