import path from 'node:path';
import type { IAudioMetadata, ICommonTagsResult } from 'music-metadata';
import { parseFile, type ParseFileFn } from '../../lib/musicMetadata';
import type { SongLyrics } from '../../db/schema';
import { embeddedPictureHash } from '../artwork/embeddedPicture';
import { embeddedLyrics } from '../lyrics/embeddedLyrics';
import { readLrcFile } from '../lyrics/lrcFile';
import { storedLyrics } from '../lyrics/songLyrics';
import { UNKNOWN_ARTIST } from './albumKey';
import { cleanTrackTags } from './cleanTags';
import { splitArtists, unique } from './splitArtists';
import type { LrcFileFound, TrackTags } from './types';

/** A file music-metadata cannot read as audio: the scan reports it and goes on. */
export class UnreadableAudioError extends Error {}

/**
 * Phase 3: the tags and stream facts of one file, cleaned for the database; the format is decided by
 * content, not by name. `lrcFile`: the .lrc beside it, whose lyrics come first (docs/product.md §5.8).
 * `parse`: music-metadata's parseFile, loaded once by a caller that reads many files (readFiles).
 */
export async function readTags(filePath: string, lrcFile?: LrcFileFound, parse: ParseFileFn = parseFile): Promise<TrackTags> {
  let meta: IAudioMetadata;
  try {
    // covers are read for their hash only (library/artwork); the bytes are dropped with the tags
    meta = await parse(filePath);
    // No duration in the header (a VBR MP3 without Xing): count the frames.
    if (!meta.format.duration) meta = await parse(filePath, { duration: true });
  } catch (error) {
    throw new UnreadableAudioError(`corrupt or unreadable audio (${(error as Error).message})`);
  }
  const { common, format } = meta;
  const seconds = format.duration;
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) throw new UnreadableAudioError('no audio duration could be read (corrupt file?)');
  const artists = artistsOf(meta);
  const fileName = path.parse(filePath).name;
  const tags: TrackTags = {
    title: common.title?.trim() || fileName,
    artist: common.artist?.trim() || artists.join(', '),
    artists,
    album: common.album?.trim() || null,
    albumArtist: common.albumartist?.trim() || null,
    trackNumber: common.track.no ?? null,
    discNumber: common.disk.no ?? null,
    year: yearOf(common),
    genres: unique((common.genre ?? []).flatMap((g) => g.split(/\s*[;/]\s*/))),
    compilation: compilationOf(meta),
    mbzTrackId: common.musicbrainz_recordingid ?? common.musicbrainz_trackid ?? null,
    mbzAlbumId: common.musicbrainz_albumid ?? null,
    mbzArtistId: common.musicbrainz_artistid?.[0] ?? null,
    rgTrackGain: common.replaygain_track_gain?.dB ?? null,
    rgTrackPeak: common.replaygain_track_peak?.ratio ?? null,
    rgAlbumGain: common.replaygain_album_gain?.dB ?? null,
    rgAlbumPeak: common.replaygain_album_peak?.ratio ?? null,
    durationMs: Math.round(seconds * 1000),
    bitRate: format.bitrate ? Math.round(format.bitrate) : null,
    sampleRate: format.sampleRate ?? null,
    codec: format.codec ?? '',
    container: format.container ?? '',
    lyrics: await lyricsOf(meta, lrcFile),
    pictureHash: embeddedPictureHash(common.picture),
  };
  return cleanTrackTags(tags, fileName);
}

/** Native tag ids of an explicit ARTISTS tag (Vorbis/FLAC, ID3v2 TXXX, MP4 freeform). */
const ARTISTS_TAG = /^(ARTISTS|TXXX:ARTISTS|----:com\.apple\.iTunes:ARTISTS)$/i;

/** The ARTISTS tag when the file has one (each value split too), else the ARTIST tag split on feat., ';' and ' / '. */
function artistsOf(meta: IAudioMetadata): string[] {
  const { common } = meta;
  const explicit = Object.values(meta.native).some((tags) => tags.some((tag) => ARTISTS_TAG.test(tag.id)));
  const names = explicit && common.artists?.length ? unique(common.artists.flatMap(splitArtists)) : splitArtists(common.artist ?? '');
  return names.length ? names : [UNKNOWN_ARTIST];
}

/**
 * ID3v2 (ffmpeg's `-metadata compilation=1`, foobar2000) also writes the flag as a TXXX frame named
 * TCMP or COMPILATION, which music-metadata does not map to common.compilation (only the TCMP frame).
 */
const COMPILATION_TXXX = /^TXXX:(TCMP|COMPILATION)$/i;

function compilationOf(meta: IAudioMetadata): boolean {
  if (meta.common.compilation !== undefined) return meta.common.compilation;
  return Object.values(meta.native).some((tags) => tags.some((tag) => COMPILATION_TXXX.test(tag.id) && String(tag.value).trim() === '1'));
}

function yearOf(common: ICommonTagsResult): number | null {
  if (common.year && common.year > 0) return common.year;
  const match = /^(\d{4})/.exec(common.date ?? common.originaldate ?? '');
  return match ? Number(match[1]) : null;
}

/** The lyrics of the .lrc beside the file, then those embedded in it. */
async function lyricsOf(meta: IAudioMetadata, lrcFile: LrcFileFound | undefined): Promise<SongLyrics | null> {
  const fromFile = lrcFile ? await readLrcFile(lrcFile.path) : null;
  const sets = [...(fromFile ? [fromFile] : []), ...embeddedLyrics(meta)];
  // the same words in the .lrc and in the tags are one set
  const distinct = sets.filter((set, i) => sets.findIndex((other) => JSON.stringify(other) === JSON.stringify(set)) === i);
  return storedLyrics(distinct, lrcFile && { sizeBytes: lrcFile.size, mtimeMs: lrcFile.mtimeMs });
}
