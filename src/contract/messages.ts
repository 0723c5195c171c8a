/**
 * Every user-facing message of docs/product.md, written once. Client and server both
 * read these; tests compare against the literal text of the spec.
 */
export const MESSAGES = {
  // Transport (docs/product.md §8)
  requestFailed: (status: number) => `Request failed with status ${status}`,
  networkError: 'Network error',

  // Auth
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Failed to refresh token',
  unknownError: 'An unknown error occurred',
  authenticationFailed: 'Authentication failed',
  authenticationRequired: 'Authentication required',
  invalidCredentials: 'Invalid email or password',
  passwordsDoNotMatch: 'Passwords do not match',
  resetInstructionsFailed: 'Failed to send reset instructions',
  checkYourInbox: 'Check your inbox',
  userNotFound: 'User not found',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  pleaseLogInToLike: 'Please log in to like songs',
  pleaseLogInToAddToPlaylist: 'Please log in to add songs to playlists',
  pleaseLogInToSuggest: 'Please log in to suggest songs',
  pleaseLogInToDeleteSuggestions: 'Please log in to delete suggestions',
  pleaseLogInToVote: 'Please log in to vote',
  mustBeLoggedInToSuggest: 'You must be logged in to suggest songs',
  mustBeLoggedInToVote: 'You must be logged in to vote',
  mustBeLoggedInToUpdateStatus: 'You must be logged in to update status',
  mustBeLoggedInToDelete: 'You must be logged in to delete',
  pleaseLogInAgainToCreatePlaylist: 'Please log in again to create a playlist',

  // Permissions (docs/product.md §6)
  onlyAdminsAddToQueue: 'Only admins can add tracks to the queue',
  onlyAdminsRemoveFromQueue: 'Only admins can remove tracks from the queue',
  onlyAdminsSkip: 'Only admins can skip tracks',
  onlyAdminsToggleRadio: 'Only admins can toggle radio status',
  onlyAdminsMakeStreamPublic: 'Only admins can make the radio stream public',
  radioStreamNeedsListenLink: 'This radio stream needs a listen link: copy yours from Settings › Radio',
  radioListenLinkInvalid: 'This listen link no longer works (it was replaced or never existed): copy yours from Settings › Radio',
  onlyAdminsUpdateSuggestionStatus: 'Only administrators can update suggestion status',
  onlyAdminsUpload: 'Only admins can upload tracks',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  songNotFound: 'Song not found',
  songIdInvalid: 'A song id is a UUID',
  /** docs/product.md §4.4: a bookmark's position, in whole milliseconds */
  bookmarkPositionInvalid: 'The position must be a whole number of milliseconds, 0 or more',
  bookmarkBeyondEnd: 'The position is beyond the end of the song',
  /** docs/product.md §4.4: a long track played from its start goes on where it was left */
  resumedAt: (time: string) => `Resumed at ${time}`,
  songFileMissing: "This song's file is missing from the music folder; it plays again when the file is back",
  queueItemNotFound: 'Queue item not found',

  // Validation (docs/product.md §5)
  playlistNameRequired: 'Playlist name is required',
  invalidFileType: 'Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.',
  fileTooLarge: 'File is too large. Maximum file size is 5MB.',
  /** fileTooLarge for the limit in force (MAX_UPLOAD_MB) */
  fileTooLargeMax: (megabytes: number) => `File is too large. Maximum file size is ${megabytes}MB.`,
  allFieldsRequired: 'All fields are required.',
  invalidText: 'Text must not contain NUL characters or invalid Unicode',
  oneFilePerUpload: 'Send one file per upload',
  tooManyFormFields: 'The form has too many fields',
  malformedMultipart: 'The upload could not be read: send it as multipart/form-data, complete and unaltered',
  uploadTagsRefused: "The file's tags could not be stored in the library: correct them in a tag editor and upload it again",
  deletePlaylistConfirm: 'Are you sure you want to delete this playlist?',

  // Audio (docs/product.md §8)
  noAudioUrlAvailable: 'No audio URL available',
  noAudioUrlProvided: 'No audio URL provided',
  playbackAborted: 'Playback aborted by user',
  audioNetworkError: 'Network error while loading audio',
  audioDecodeError: 'Audio decoding error',
  audioFormatNotSupported: 'Audio format not supported',
  unknownAudioError: 'Unknown audio error',
  failedToLoadTrack: 'Failed to load track',
  failedToPlayTrack: 'Failed to play track',
  failedToPlayAudio: 'Failed to play audio. Please try again.',
  clickToStartPlayback: 'Click anywhere to start playback',
  failedToStartPlaylist: 'Failed to start playlist playback. Please try again.',
  failedToFetchAudioStream: 'Failed to fetch audio stream',

  // Fetch failures (docs/product.md §8)
  failedToLoadQueue: 'Failed to load queue',
  failedToFetchAvailableSongs: 'Failed to fetch available songs',
  failedToAddTrackToQueue: 'Failed to add track to queue',
  failedToRemoveTrackFromQueue: 'Failed to remove track from queue',
  failedToSkipTrack: 'Failed to skip track',
  failedToToggleRadio: 'Failed to toggle radio status',
  failedToFetchPlaylists: 'Failed to fetch playlists',
  failedToDeletePlaylist: 'Failed to delete playlist',
  failedToFetchPlaylistDetails: 'Failed to fetch playlist details',
  failedToRemoveSongFromPlaylist: 'Failed to remove song from playlist',
  failedToAddSongsToPlaylist: 'Failed to add songs to playlist',
  failedToFetchLikedSongs: 'Failed to fetch liked songs',
  failedToUpdateLikeStatus: 'Failed to update like status',
  failedToAddSongToPlaylist: 'Failed to add song to playlist',
  // Playlists (issue 13): a missing, another user's or malformed playlist; reorder; undo a removal
  playlistNotFound: 'Playlist not found',
  failedToReorderPlaylist: 'Failed to save the new order of the playlist',
  removedFromPlaylist: (title: string) => `Removed ${title} from the playlist`,
  undo: 'Undo',
  failedToFetchSuggestions: 'Failed to fetch suggestions',
  failedToAddSuggestion: 'Failed to add suggestion',
  failedToVote: 'Failed to vote',
  failedToUpdateSuggestionStatus: 'Failed to update suggestion status',
  failedToDeleteSuggestion: 'Failed to delete suggestion',

  // Music Box
  duplicateSuggestion: 'This song has already been suggested.',
  suggestionAlreadyDecided: 'Only pending suggestions can be approved or rejected',

  // Radio
  radioNotActive: 'The radio is not on',

  // Websocket (docs/product.md §8)
  noAuthToken: 'No authentication token',
  failedToParseMessage: 'Failed to parse message',
  websocketConnectionFailed: 'WebSocket connection failed',
  tooManyRadioConnections: 'Too many radio connections open for this account: close another tab to listen here',

  // Empty states (docs/product.md §8)
  noSongsFound: 'No songs found',
  noPlaylistsYet: 'No playlists yet',
  noSuggestionsYet: 'No suggestions yet. Be the first to suggest a song!',
  noLikedSongsYet: 'No liked songs yet...',
  noTracksInQueue: 'No tracks in the queue...',
  /** docs/product.md §2.15: the lyrics view of a song that has none */
  noLyrics: 'No lyrics',

  // Shell
  somethingWentWrong: 'Something Went Wrong',
  reloadApplication: 'Reload Application',
  goBack: 'Go Back',
  freeAccount: 'Free Account',

  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The database is unavailable; try again in a moment.',
  diskFull: "The server's disk is full",

  // Library scan (docs/product.md §5.7)
  scanAlreadyRunning: 'A library scan is already running',
  noMusicDir: 'No music folder is configured: set MUSIC_DIR and restart the server',
} as const;
