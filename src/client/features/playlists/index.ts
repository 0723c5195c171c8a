export { AddToPlaylistButton } from './components/AddToPlaylistButton';
export type { AddToPlaylistButtonProps } from './components/AddToPlaylistButton';
