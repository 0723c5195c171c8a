import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LyricsTrack } from '../../../contract/lyrics';
import { createdAt, ts } from './columns';
import { users } from './users';

/** The library's tables (songs, albums, artists) and the song columns (docs/product.md §5.7); schema.ts re-exports them. */

/**
 * Albums of the scanned library (docs/decisions/library.md): one row per grouping key, the
 * MusicBrainz album id when tagged, else album artist + album name + year. Song counts and
 * durations are computed from songs, never stored.
 */
export const albums = pgTable(
  'albums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    albumArtist: text('album_artist').notNull(),
    year: integer('year'),
    compilation: boolean('compilation').notNull().default(false),
    mbzAlbumId: text('mbz_album_id'),
    /** "mbz:<id>" or "<folded album artist>|<folded name>|<year>": what makes two files one album */
    groupKey: text('group_key').notNull(),
    /** lower-case, accent-free name: the albums' name order */
    sortKey: text('sort_key').notNull(),
    /** the album's artwork (docs/decisions/library.md, Artwork): a song's embedded picture, else a folder image, else its placeholder */
    artworkHash: text('artwork_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('albums_group_key').on(t.groupKey), index('albums_sort_idx').on(t.sortKey, t.id)],
);

export type AlbumRow = typeof albums.$inferSelect;

/** Every artist named by a song's artists or album artist, one row per folded name. */
export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** folded name: unique, and the artists' name order */
    sortKey: text('sort_key').notNull(),
    mbzArtistId: text('mbz_artist_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('artists_sort_key').on(t.sortKey)],
);

/**
 * A song's lyrics (library/lyrics/songLyrics.ts reads and writes them). `tracks` holds every set
 * (per language, synced or plain); rows written before them, and lyrics that say no more than one
 * set of each kind in no particular language, have `synced` and `plain` only. `plain` is the text
 * Subsonic's getLyrics answers.
 */
export interface SongLyrics {
  plain?: string;
  /** one line per timestamp (ms from the start) */
  synced?: { timeMs: number; text: string }[];
  tracks?: LyricsTrack[];
  /** the .lrc file beside the audio file when the scan read it: a change of it is a change of its song */
  lrcFile?: { sizeBytes: number; mtimeMs: number };
}

/** The song columns of the library: tags, stream facts, and where a scanned file lives. */
export function songLibraryColumns() {
  return {
    /** where the file lives: the generated demo and uploads in MEDIA_DIR, scanned files in a MUSIC_DIR root */
    source: text('source', { enum: ['demo', 'upload', 'scan'] })
      .notNull()
      .default('upload'),
    /** scanned files: the absolute path (inside a MUSIC_DIR root), and the mtime change detection compares */
    filePath: text('file_path'),
    fileMtimeMs: bigint('file_mtime_ms', { mode: 'number' }),
    albumId: uuid('album_id').references(() => albums.id, { onDelete: 'set null' }),
    album: text('album'),
    albumArtist: text('album_artist'),
    /** every artist of the song, in tag order (artist stays the display string) */
    artists: text('artists')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    trackNumber: integer('track_number'),
    discNumber: integer('disc_number'),
    year: integer('year'),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    compilation: boolean('compilation').notNull().default(false),
    mbzTrackId: text('mbz_track_id'),
    mbzAlbumId: text('mbz_album_id'),
    mbzArtistId: text('mbz_artist_id'),
    rgTrackGain: real('rg_track_gain'),
    rgTrackPeak: real('rg_track_peak'),
    rgAlbumGain: real('rg_album_gain'),
    rgAlbumPeak: real('rg_album_peak'),
    codec: text('codec'),
    bitRate: integer('bit_rate'),
    sampleRate: integer('sample_rate'),
    lyrics: jsonb('lyrics').$type<SongLyrics>(),
    playable: boolean('playable').notNull().default(true),
    unplayableReason: text('unplayable_reason'),
    /** hash of the file's own embedded picture (read again from file_path) */
    pictureHash: text('picture_hash'),
    /** hash of the cover image in the file's folder (folder_images) */
    folderImageHash: text('folder_image_hash'),
    /** what artworkUrl names: the embedded picture, else the album's artwork (set after each scan's writes) */
    artworkHash: text('artwork_hash'),
    /**
     * When a scan last found the scanned file gone or unreadable (docs/product.md §5.7): the song is
     * hidden from every list but keeps its id, likes, plays and playlist entries until the file
     * comes back (the scan clears it) or an admin purges it. Null: the song is present.
     */
    missingSince: ts('missing_since'),
  };
}

export const songs = pgTable(
  'songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    /** Real duration read from the file, in milliseconds (the radio clock needs more than seconds). */
    durationMs: integer('duration_ms').notNull(),
    /** File name inside MEDIA_DIR: a generated id, never a name a user gave. */
    path: text('path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** lower-case, accent-free "title artist": what search matches (trigram index). */
    searchText: text('search_text').notNull(),
    /** lower-case, accent-free title: the stable library order (with id). */
    sortKey: text('sort_key').notNull(),
    /** normalised "title|artist", to link approved suggestions to library songs. */
    matchKey: text('match_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    ...songLibraryColumns(),
  },
  (t) => [
    index('songs_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('songs_sort_idx').on(t.sortKey, t.id),
    index('songs_duration_idx').on(t.durationMs),
    index('songs_match_key_idx').on(t.matchKey),
    uniqueIndex('songs_file_path_key').on(t.filePath),
    index('songs_album_idx').on(t.albumId, t.discNumber, t.trackNumber),
    index('songs_picture_hash_idx').on(t.pictureHash),
    index('songs_missing_idx')
      .on(t.missingSince)
      .where(sql`${t.missingSince} is not null`),
    check('songs_source_check', sql`${t.source} in ('demo', 'upload', 'scan')`),
  ],
);

export type SongRow = typeof songs.$inferSelect;
