export { PlayableSongList } from './PlayableSongList';
export type { PlayableSongListProps } from './PlayableSongList';
export { SongActionsProvider, StandardSongActions, useSongActions } from './SongActions';
export type { ActionSong, KeepActionProps, ShareActionProps, SongActionComponents, SongActionProps } from './SongActions';
export { SongSearchDialog } from './SongSearchDialog';
export type { SongSearchDialogProps } from './SongSearchDialog';
