import { createContext, useContext, type ComponentType } from 'react';
import type { PlayableSong } from '../player/usePlaySongs';

/** The song a row's action buttons act on. */
export interface ActionSong {
  id: string;
  title: string;
}

export interface SongActionProps {
  song: ActionSong;
  /** button size in pixels (compact rows use smaller ones) */
  size?: number;
}

/**
 * The buttons every song row carries (like, add to playlist). They belong to the liked and playlists
 * features, which other features may not import: app/ provides them here, features read them back.
 */
export interface SongActionComponents {
  LikeButton: ComponentType<SongActionProps>;
  AddToPlaylistButton: ComponentType<SongActionProps>;
  /** Share of songs, an album or a playlist (the shares feature); nothing where it is not provided */
  ShareButton: ComponentType<ShareActionProps>;
  /** "Available offline" for an album, a playlist or Liked Songs (the offline feature); nothing where it is not provided */
  KeepButton: ComponentType<KeepActionProps>;
}

/** What a keep button keeps on this device: the item and its songs, in order (docs/product.md §2.17). */
export interface KeepActionProps {
  kind: 'album' | 'playlist' | 'liked' | 'song';
  id: string;
  name: string;
  songs: readonly PlayableSong[];
  /** a song row's icon button of `size` pixels, not the labelled button of a page's header */
  compact?: boolean;
  size?: number;
}

/** What a Share button shares: songs (their ids), or one album or playlist (its id). */
export interface ShareActionProps {
  kind: 'song' | 'album' | 'playlist';
  ids: string[];
  name: string;
  disabled?: boolean;
  /** an icon button of `size` pixels (a song row's), not the labelled button of a page's header */
  compact?: boolean;
  size?: number;
}

const Nothing = () => null;

const SongActionsContext = createContext<SongActionComponents>({
  LikeButton: Nothing,
  AddToPlaylistButton: Nothing,
  ShareButton: Nothing,
  KeepButton: Nothing,
});

export const SongActionsProvider = SongActionsContext.Provider;

export function useSongActions(): SongActionComponents {
  return useContext(SongActionsContext);
}

/** Like, add to playlist, share, and (given what plays it) keep on this device: the actions of a song in any list. */
export function StandardSongActions({ song, size }: Omit<SongActionProps, 'song'> & { song: ActionSong | PlayableSong }) {
  const { LikeButton, AddToPlaylistButton, ShareButton, KeepButton } = useSongActions();
  return (
    <>
      <LikeButton song={{ id: song.id, title: song.title }} size={size} />
      <AddToPlaylistButton song={{ id: song.id, title: song.title }} size={size} />
      <ShareButton kind="song" ids={[song.id]} name={song.title} compact size={size} />
      {'publicUrl' in song ? <KeepButton kind="song" id={song.id} name={song.title} songs={[song]} compact size={size} /> : null}
    </>
  );
}
