import type { Song } from '../../../contract/songs';
import type { PlayerTrack } from './playerTypes';

/** A library song as the player plays it. */
export function toPlayerTrack(song: Pick<Song, 'id' | 'title' | 'artist' | 'publicUrl' | 'duration' | 'album' | 'artworkUrl'>): PlayerTrack {
  const track: PlayerTrack = { id: song.id, title: song.title, artist: song.artist, url: song.publicUrl, duration: song.duration };
  // only what is known, so a track from an older list stays equal to the same track without them
  if (song.album) track.album = song.album;
  if (song.artworkUrl) track.artworkUrl = song.artworkUrl;
  return track;
}
