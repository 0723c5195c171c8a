import { createHash } from 'node:crypto';

/**
 * Data written the way each earlier release wrote it: plain SQL valid at that migration level,
 * with fixed ids so the checks after the upgrade can name rows.
 */
export const IDS = {
  alice: '00000000-0000-4000-8000-00000000a11c',
  bob: '00000000-0000-4000-8000-000000000b0b',
  demo: '00000000-0000-4000-8000-0000000000d1',
  upload: '00000000-0000-4000-8000-0000000000a1',
  upload2: '00000000-0000-4000-8000-0000000000a2',
  scanned: '00000000-0000-4000-8000-0000000000c1',
  album: '00000000-0000-4000-8000-0000000a1b00',
  playlist: '00000000-0000-4000-8000-00000000f1a1',
  suggestion: '00000000-0000-4000-8000-00000000b0c5',
  queue1: '00000000-0000-4000-8000-0000000000e1',
  queue2: '00000000-0000-4000-8000-0000000000e2',
} as const;

/** playlist_songs positions as written: upload2, demo, upload */
export const PLAYLIST_ORDER = [IDS.upload2, IDS.demo, IDS.upload];

/** Songs as the release at `level` inserted them: from 0005 with their source and artists, from 0006 the demo's cover. */
function songsStatement(level: number): string[] {
  const library = level >= 6;
  const columns = `id, title, artist, duration_ms, path, mime_type, size_bytes, search_text, sort_key, match_key, uploaded_by${library ? ', source, artists' : ''}${level >= 7 ? ', artwork_hash' : ''}`;
  const row = (id: string, title: string, artist: string, uploadedBy: string | null) => {
    const base = `'${id}', '${title}', '${artist}', 181000, '${id}.mp3', 'audio/mpeg', 4000000, '${title.toLowerCase()} ${artist.toLowerCase()}', '${title.toLowerCase()}', '${title.toLowerCase()}|${artist.toLowerCase()}', ${uploadedBy ? `'${uploadedBy}'` : 'null'}`;
    const source = library ? `, '${uploadedBy ? 'upload' : 'demo'}', '{${artist}}'` : '';
    const cover = level >= 7 ? (uploadedBy ? ', null' : `, '${DEMO_COVER}'`) : '';
    return `(${base}${source}${cover})`;
  };
  const statements = [
    `insert into songs (${columns}) values ${row(IDS.demo, 'Copper Skylines', 'Juniper Vale', null)}, ${row(IDS.upload, 'Blue Hour', 'Ana Flores', IDS.alice)}, ${row(IDS.upload2, 'Tidal', 'Ana Flores', IDS.alice)}`,
  ];
  if (level >= 7) statements.push(`insert into generated_artworks (hash, label) values ('${DEMO_COVER}', 'Copper Skylines')`);
  return statements;
}

/** placeholderHash('Copper Skylines') (library/artwork/hashes.ts), as 0006 computes it in SQL */
const DEMO_COVER = createHash('sha256').update('placeholder:v1:Copper Skylines').digest('hex').slice(0, 32);

/** Level 1 (0000_initial) and on: accounts, then (after the songs) likes, a playlist in order, plays, the Music Box, the radio. */
const ACCOUNTS = [
  `insert into users (id, username, email, password_hash, role) values
     ('${IDS.alice}', 'Alice', 'alice@example.test', 'scrypt$alice', 'admin'),
     ('${IDS.bob}', 'bob', 'bob@example.test', 'scrypt$bob', 'user')`,
];

const LISTENING = [
  `insert into liked_songs (user_id, song_id, created_at) values ('${IDS.bob}', '${IDS.demo}', '2026-01-02T10:00:00Z'), ('${IDS.bob}', '${IDS.upload}', '2026-01-03T10:00:00Z')`,
  `insert into playlists (id, user_id, name, description) values ('${IDS.playlist}', '${IDS.bob}', 'Road trip', 'for the A7')`,
  `insert into playlist_songs (playlist_id, song_id, position) values
     ('${IDS.playlist}', '${IDS.upload2}', 0), ('${IDS.playlist}', '${IDS.demo}', 1), ('${IDS.playlist}', '${IDS.upload}', 2)`,
  `insert into play_events (user_id, song_id, played_at, source) values
     ('${IDS.bob}', '${IDS.demo}', '2026-01-04T08:00:00Z', 'library'), ('${IDS.bob}', '${IDS.upload}', '2026-01-04T08:03:00Z', 'radio'),
     ('${IDS.alice}', '${IDS.demo}', '2026-01-05T20:00:00Z', 'library')`,
  `insert into suggestions (id, title, artist, normalized_key, vote_count, suggested_by) values ('${IDS.suggestion}', 'Harvest Moon', 'Neil Young', 'harvest moon|neil young', 2, '${IDS.bob}')`,
  `insert into suggestion_votes (suggestion_id, user_id) values ('${IDS.suggestion}', '${IDS.bob}'), ('${IDS.suggestion}', '${IDS.alice}')`,
  `insert into radio_queue (id, song_id, added_by, position) values ('${IDS.queue1}', '${IDS.upload}', '${IDS.bob}', 1), ('${IDS.queue2}', '${IDS.upload2}', '${IDS.alice}', 2)`,
  `update radio_state set is_active = true, current_song_id = '${IDS.demo}', current_added_by = '${IDS.bob}', started_at = '2026-01-06T12:00:00Z'`,
  `insert into radio_history (song_id, title, artist, added_by, started_at, ended_at, end_reason) values
     ('${IDS.upload}', 'Blue Hour', 'Ana Flores', '${IDS.alice}', '2026-01-06T11:57:00Z', '2026-01-06T12:00:00Z', 'ended')`,
  `insert into sessions (user_id, current_jti, expires_at) values ('${IDS.bob}', 'jti-1', '2027-01-01T00:00:00Z')`,
];

/** Level 6 (0005_library): a scanned song in an album, sign-in attempts and address limits. */
const LIBRARY = [
  `insert into albums (id, name, album_artist, year, group_key, sort_key) values ('${IDS.album}', 'Northern Lights', 'Ana Flores', 2019, 'northern lights|ana flores', 'northern lights')`,
  `insert into artists (name, sort_key) values ('Ana Flores', 'ana flores')`,
  `insert into songs (id, title, artist, duration_ms, path, mime_type, size_bytes, search_text, sort_key, match_key, source, file_path, file_mtime_ms, album_id, album, album_artist, artists, track_number, genres, codec)
     values ('${IDS.scanned}', 'Aurora', 'Ana Flores', 200000, 'Ana/Aurora.flac', 'audio/flac', 20000000, 'aurora ana flores', 'aurora', 'aurora|ana flores', 'scan',
             '/music/Ana/Aurora.flac', 1760000000000, '${IDS.album}', 'Northern Lights', 'Ana Flores', '{Ana Flores,Guest}', 3, '{Folk}', 'flac')`,
  `insert into liked_songs (user_id, song_id) values ('${IDS.alice}', '${IDS.scanned}')`,
  `insert into auth_attempts (kind, key, at) values ('login', 'bob@example.test', '2026-01-07T00:00:00Z')`,
  `insert into address_limits (key, count, reset_at) values ('127.0.0.1', 3, '2026-01-07T00:01:00Z')`,
];

/** Level 8 (0007_subsonic): Subsonic keys and app passwords, ratings, stars, a saved play queue. */
const SUBSONIC = [
  `insert into subsonic_api_keys (user_id, name, key_hash) values ('${IDS.bob}', 'DSub on the phone', 'sha256$key')`,
  `insert into subsonic_app_passwords (user_id, ciphertext) values ('${IDS.bob}', 'v1.iv.ciphertext.tag')`,
  `insert into item_ratings (user_id, item_kind, item_id, rating) values ('${IDS.bob}', 'song', '${IDS.scanned}', 4), ('${IDS.bob}', 'album', '${IDS.album}', 5)`,
  `insert into item_stars (user_id, item_kind, item_id) values ('${IDS.bob}', 'album', '${IDS.album}')`,
  `insert into play_queues (user_id, song_ids, current_song_id, position_ms, changed_by) values
     ('${IDS.bob}', '{${IDS.scanned},${IDS.demo}}', '${IDS.demo}', 42000, 'DSub')`,
];

/** The statements valid at `level` (the number of migrations applied). */
export function fillStatements(level: number): string[] {
  return [...ACCOUNTS, ...songsStatement(level), ...LISTENING, ...(level >= 6 ? LIBRARY : []), ...(level >= 8 ? SUBSONIC : [])];
}
