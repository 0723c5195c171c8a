import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectIsAdmin } from '../../../shared/session';
import { playerActions, selectPlayer } from '../../../shared/player/playerSlice';
import type { PlayerTrack } from '../../../shared/player';
import { ARTWORK_SIZES, artworkSrc } from '../../../../contract/artwork';

/** The lock screen's picture: every thumbnail size as an absolute URL (docs/product.md §5.7). */
export function mediaArtwork(artworkUrl: string | null | undefined, origin: string): MediaImage[] {
  if (!artworkUrl) return [];
  return ARTWORK_SIZES.map((size) => ({ src: new URL(artworkSrc(artworkUrl, size), origin).href, sizes: `${size}x${size}`, type: 'image/jpeg' }));
}

function metadataOf(track: PlayerTrack): MediaMetadataInit {
  return { title: track.title, artist: track.artist, album: track.album || 'Wavelength', artwork: mediaArtwork(track.artworkUrl, window.location.origin) };
}

/**
 * The Media Session API: media keys, headset buttons and the lock screen show the title and
 * artist, album and cover and send play, pause, next, previous and seek to the player.
 */
export function useMediaSession(): void {
  const dispatch = useDispatch();
  const player = useSelector(selectPlayer);
  const isAdmin = useSelector(selectIsAdmin);
  const latest = useRef(player);
  latest.current = player;
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  const track = player.currentTrack;

  useEffect(() => {
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = track ? new MediaMetadata(metadataOf(track)) : null;
  }, [session, track]);

  useEffect(() => {
    if (!session) return;
    session.playbackState = track ? (player.isPlaying ? 'playing' : 'paused') : 'none';
  }, [session, track, player.isPlaying]);

  useEffect(() => {
    if (!session?.setPositionState || !track || !player.duration) return;
    try {
      session.setPositionState({ duration: player.duration, position: Math.min(player.currentTime, player.duration), playbackRate: 1 });
    } catch {
      // an inconsistent position is only a display problem
    }
  }, [session, track, player.duration, player.currentTime]);

  const radio = player.source.kind === 'radio';
  useEffect(() => {
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => dispatch(playerActions.resumeRequested())],
      ['pause', () => dispatch(playerActions.pauseRequested())],
      ['nexttrack', radio && !isAdmin ? null : () => dispatch(playerActions.nextRequested())],
      ['previoustrack', radio ? null : () => dispatch(playerActions.previousRequested())],
      ['seekto', radio ? null : (details) => details.seekTime !== undefined && dispatch(playerActions.seekRequested({ seconds: details.seekTime }))],
      [
        'seekbackward',
        radio ? null : (details) => dispatch(playerActions.seekRequested({ seconds: Math.max(0, latest.current.currentTime - (details.seekOffset ?? 10)) })),
      ],
      [
        'seekforward',
        radio
          ? null
          : (details) =>
              dispatch(playerActions.seekRequested({ seconds: Math.min(latest.current.duration, latest.current.currentTime + (details.seekOffset ?? 10)) })),
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // this browser does not know the action
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [session, dispatch, radio, isAdmin]);
}
