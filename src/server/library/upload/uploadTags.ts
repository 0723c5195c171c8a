import path from 'node:path';
import { SONG_FIELD_MAX, type UploadFields } from '../../../contract/songs';
import { UNKNOWN_ARTIST } from '../scan/albumKey';
import { cleanLine, cleanTrackTags, UNTITLED } from '../scan/cleanTags';
import type { Playability } from '../scan/playability';
import { splitArtists } from '../scan/splitArtists';
import type { TrackTags } from '../scan/types';

/**
 * An upload's tags as the scanner read them from its temporary file, with the form's overrides:
 * title = the form's, else the tag, else the uploaded file's name; artist = the form's, else the
 * tag, else "[Unknown Artist]" as for scanned files. Cleaned as a scan cleans them (cleanTags).
 */
export function uploadTags(read: TrackTags, overrides: UploadFields, tempPath: string, uploadedName: string | undefined): TrackTags {
  // readTags falls back to the name of the file it read, here a generated one
  const titleFromTag = read.title !== path.parse(tempPath).name;
  const name = nameOf(uploadedName);
  const title = overrides.title ?? (titleFromTag ? read.title : name);
  if (!overrides.artist) return cleanTrackTags({ ...read, title }, name);
  const artists = splitArtists(overrides.artist);
  return cleanTrackTags({ ...read, title, artist: overrides.artist, artists: artists.length ? artists : [UNKNOWN_ARTIST] }, name);
}

/** The uploaded file's name without folders or extension, else "Untitled". */
function nameOf(uploadedName: string | undefined): string {
  const name = path.parse(path.basename((uploadedName ?? '').replace(/\\/g, '/'))).name;
  return cleanLine(name, SONG_FIELD_MAX) || UNTITLED;
}

/** The extension an upload is stored under in MEDIA_DIR, from what its bytes are. */
export function uploadExtension(playability: Playability): string {
  switch (playability.mimeType) {
    case 'audio/mpeg':
      return 'mp3';
    case 'audio/flac':
      return 'flac';
    case 'audio/ogg':
      return playability.codec === 'opus' ? 'opus' : 'ogg';
    case 'audio/mp4':
      return 'm4a';
    case 'audio/aiff':
      return 'aiff';
    default:
      return 'wav';
  }
}
