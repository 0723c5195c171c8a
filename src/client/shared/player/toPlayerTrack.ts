import type { Song } from '../../../contract/songs';
import type { PlayerTrack } from './playerTypes';

/** A library song as the player plays it. */
export function toPlayerTrack(
  song: Pick<Song, 'id' | 'title' | 'artist' | 'publicUrl' | 'duration' | 'album' | 'artworkUrl'> &
    Partial<Pick<Song, 'albumId' | 'discNumber' | 'trackNumber' | 'replayGain'>>,
): PlayerTrack {
  const track: PlayerTrack = { id: song.id, title: song.title, artist: song.artist, url: song.publicUrl, duration: song.duration };
  // only what is known, so a track from an older list stays equal to the same track without them
  if (song.album) track.album = song.album;
  if (song.artworkUrl) track.artworkUrl = song.artworkUrl;
  if (song.albumId) track.albumId = song.albumId;
  if (song.discNumber != null) track.discNumber = song.discNumber;
  if (song.trackNumber != null) track.trackNumber = song.trackNumber;
  if (song.replayGain && Object.values(song.replayGain).some((v) => v !== null)) track.replayGain = song.replayGain;
  return track;
}
