import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { playerActions, selectPlayer } from '../../../shared/player/playerSlice';

export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.1;

/** True when the key belongs to what has focus: a field, a button, a slider, an editable region. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'BUTTON' || tag === 'A') return true;
  if (tag === 'INPUT') return true;
  const role = target.getAttribute('role');
  return role === 'slider' || role === 'textbox' || role === 'button' || role === 'option';
}

/** Space plays/pauses, ←/→ seek 5 s, ↑/↓ change the volume; not while typing in a field. */
export function usePlayerShortcuts(): void {
  const dispatch = useDispatch();
  const player = useSelector(selectPlayer);
  const latest = useRef(player);
  latest.current = player;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const p = latest.current;
      if (!p.currentTrack) return;
      const duration = p.duration || p.currentTrack.duration;
      switch (event.key) {
        case ' ':
        case 'Spacebar':
          dispatch(playerActions.playPauseRequested());
          break;
        case 'ArrowLeft':
          dispatch(playerActions.seekRequested({ seconds: Math.max(0, p.currentTime - SEEK_STEP_SECONDS) }));
          break;
        case 'ArrowRight':
          dispatch(playerActions.seekRequested({ seconds: Math.min(duration, p.currentTime + SEEK_STEP_SECONDS) }));
          break;
        case 'ArrowUp':
          dispatch(playerActions.volumeChangeRequested({ volume: Math.round((p.volume + VOLUME_STEP) * 100) / 100 }));
          break;
        case 'ArrowDown':
          dispatch(playerActions.volumeChangeRequested({ volume: Math.round((p.volume - VOLUME_STEP) * 100) / 100 }));
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
