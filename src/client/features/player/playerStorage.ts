import { isRadioSource, type PlayerState, type PlayerTrack, type RestoredPlayer } from '../../shared/player';

/** One entry per signed-in user, so another account in this browser starts with its own player. */
export const playerStorageKey = (userId: string) => `wavelength_player_${userId}`;

/** What is kept of the player: a radio session is not a personal track, so only its volume is kept. */
export function toSaved(player: PlayerState): RestoredPlayer {
  const own = player.currentTrack && !isRadioSource(player);
  return {
    track: own ? player.currentTrack : null,
    queue: own ? player.queue : [],
    history: own ? player.history : [],
    currentTime: own ? player.currentTime : 0,
    duration: own ? player.duration : 0,
    volume: player.volume,
    muted: player.isMuted,
  };
}

const isTrack = (t: unknown): t is PlayerTrack => {
  const v = t as Partial<PlayerTrack> | null;
  return (
    !!v &&
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    typeof v.artist === 'string' &&
    typeof v.url === 'string' &&
    typeof v.duration === 'number'
  );
};
const tracks = (list: unknown): PlayerTrack[] => (Array.isArray(list) ? list.filter(isTrack) : []);
const finite = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? n : fallback);

/** The saved player, or null when there is none or it cannot be read (an old or edited entry must not break the app). */
export function parseSaved(raw: string | null): RestoredPlayer | null {
  if (!raw) return null;
  let value: Partial<Record<keyof RestoredPlayer, unknown>>;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const track = isTrack(value.track) ? value.track : null;
  const duration = Math.max(0, finite(value.duration, track?.duration ?? 0));
  return {
    track,
    queue: track ? tracks(value.queue) : [],
    history: track ? tracks(value.history) : [],
    currentTime: track ? Math.min(Math.max(0, finite(value.currentTime, 0)), duration) : 0,
    duration,
    volume: Math.min(1, Math.max(0, finite(value.volume, 1))),
    muted: value.muted === true,
  };
}
