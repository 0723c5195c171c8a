export { AddToPlaylistButton } from './components/AddToPlaylistButton';
export type { AddToPlaylistButtonProps } from './components/AddToPlaylistButton';
export { PlaylistCard, PlaylistGrid, playlistMeta } from './components/PlaylistCard';
export { playlistsApi, useGetPlaylistsQuery } from './playlistsApi';
