/** Business constants of docs/product.md §9 and DESIGN.md, shared by client and server. */
export const TOKEN_STORAGE_KEY = 'auth_token';
export const TOKEN_REFRESH_INTERVAL_MS = 840_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;

/** MAX_UPLOAD_MB's default (issue 14: a FLAC album track is 30-60 MB) */
export const UPLOAD_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;
export const COVER_MAX_BYTES = 2 * 1024 * 1024;

export const SUGGESTIONS_PAGE_SIZE = 10;
export const SUGGESTION_HIGHLIGHT_MS = 2_000;
export const SUGGESTION_FIELD_MAX = 200;

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

export const HOME_PLAYLIST_COUNT = 4;
export const SEARCH_DURATION_DEFAULT = { min: 0, max: 600 } as const;
export const SEARCH_MIN_DURATION_OPTIONS_MIN = [0, 1, 2, 3] as const;
export const SEARCH_MAX_DURATION_OPTIONS_MIN = [3, 5, 7, 10] as const;
export const SONGS_PAGE_SIZE = 50;

export const VOLUME_DEFAULT = 1;
export const PLAY_DEDUPE_WINDOW_MS = 30_000;

/** docs/product.md §4.4: a track at least this long (seconds, 10 minutes) is a long track: the player bookmarks and resumes it. */
export const LONG_TRACK_MIN_SECONDS = 10 * 60;
/** docs/product.md §4.4: a long track's place is kept only more than this many seconds from its start and from its end. */
export const BOOKMARK_MARGIN_SECONDS = 10;
