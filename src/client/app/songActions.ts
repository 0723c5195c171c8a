import { LikeButton } from '../features/liked';
import { KeepButton } from '../features/offline';
import { AddToPlaylistButton } from '../features/playlists';
import { ShareButton } from '../features/shares';
import type { SongActionComponents } from '../shared/songs';

/** The buttons of every song row, given to features through shared/songs' context. */
export const appSongActions: SongActionComponents = { LikeButton, AddToPlaylistButton, ShareButton, KeepButton };
