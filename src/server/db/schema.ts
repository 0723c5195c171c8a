/**
 * Every table of the database, one file per domain in schema/; drizzle-kit (drizzle.config.ts) and
 * the app read them all from here.
 */
export { addressLimits, authAttempts, passwordResets, sessions, users, type UserRow } from './schema/users';
export { albums, artists, songs, type AlbumRow, type SongLyrics, type SongRow } from './schema/library';
export { brokenArtworks, folderImages, generatedArtworks } from './schema/artwork';
export { bookmarks, likedSongs, playEvents, playlists, playlistSongs } from './schema/listening';
export { suggestions, suggestionVotes } from './schema/suggestions';
export { radioHistory, radioListenTokens, radioQueue, radioState } from './schema/radio';
export { itemRatings, itemStars, playQueues, subsonicApiKeys, subsonicAppPasswords } from './schema/subsonic';
export { shares, type ShareRow } from './schema/shares';
export { scrobbleConnections, scrobbleQueue, type ScrobbleTrack } from './schema/scrobble';
