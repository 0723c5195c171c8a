import type { Song } from '../../../contract/songs';
import type { PlayerTrack } from './playerTypes';

/** A library song as the player plays it. */
export function toPlayerTrack(song: Pick<Song, 'id' | 'title' | 'artist' | 'publicUrl' | 'duration'>): PlayerTrack {
  return { id: song.id, title: song.title, artist: song.artist, url: song.publicUrl, duration: song.duration };
}
