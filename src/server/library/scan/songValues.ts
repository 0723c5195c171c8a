import { songs } from '../../db/schema';
import { foldText } from '../../lib/text';
import { songKeys } from '../songKeys';
import type { Playability } from './playability';
import type { ReadTrack } from './types';

type SongInsert = typeof songs.$inferInsert;

/** The row of a scanned file; `id` set for a changed or moved song, so it keeps its id. */
export function songValues(track: ReadTrack, albumId: string, playability: Playability, id?: string): SongInsert {
  const { tags, file } = track;
  const keys = songKeys(tags.title, tags.artist);
  return {
    ...(id ? { id } : {}),
    title: tags.title,
    artist: tags.artist,
    durationMs: tags.durationMs,
    path: file.relPath,
    mimeType: playability.mimeType,
    sizeBytes: file.size,
    ...keys,
    // search also finds a scanned song by its album's name
    searchText: tags.album ? `${keys.searchText} ${foldText(tags.album)}` : keys.searchText,
    source: 'scan',
    filePath: file.path,
    fileMtimeMs: file.mtimeMs,
    albumId,
    album: tags.album,
    albumArtist: tags.albumArtist,
    artists: tags.artists,
    trackNumber: tags.trackNumber,
    discNumber: tags.discNumber,
    year: tags.year,
    genres: tags.genres,
    compilation: tags.compilation,
    mbzTrackId: tags.mbzTrackId,
    mbzAlbumId: tags.mbzAlbumId,
    mbzArtistId: tags.mbzArtistId,
    rgTrackGain: tags.rgTrackGain,
    rgTrackPeak: tags.rgTrackPeak,
    rgAlbumGain: tags.rgAlbumGain,
    rgAlbumPeak: tags.rgAlbumPeak,
    codec: playability.codec,
    bitRate: tags.bitRate,
    sampleRate: tags.sampleRate,
    lyrics: tags.lyrics,
    playable: playability.playable,
    unplayableReason: playability.unplayableReason,
    pictureHash: tags.pictureHash,
    folderImageHash: track.folderImageHash ?? null,
    // provisional: the artwork pass after the writes sets the album's artwork when there is no picture
    artworkHash: tags.pictureHash ?? track.folderImageHash ?? null,
  };
}
