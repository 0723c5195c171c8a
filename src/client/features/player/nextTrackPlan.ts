import type { PlayerState, PlayerTrack } from '../../shared/player';
import type { PlaybackSettings } from '../../shared/settings';
import type { NextTrackPlan } from '../../services/audio/AudioService';
import { followsOnAlbum, trackGainFor } from '../../shared/player';

/** What should follow the current track on the audio clock, before its URL is known. */
export interface NextIntent {
  track: PlayerTrack;
  gain: number;
  crossfadeSeconds: number;
}

/**
 * docs/product.md §2.14: outside radio mode, with "Autoplay the next track" on, the first queued
 * track follows the current one, crossfaded by the setting except between consecutive tracks of
 * one album (gapless wins there). Nothing while a track loads or waits to be loaded.
 */
export function nextIntent(player: PlayerState, autoplayNext: boolean, playback: PlaybackSettings): NextIntent | null {
  const current = player.currentTrack;
  const next = player.queue[0];
  if (player.source.kind !== 'queue' || !current || player.needsLoad || player.isLoading || !autoplayNext || !next) return null;
  return {
    track: next,
    gain: trackGainFor(next, playback, { previous: current, next: player.queue[1] }),
    crossfadeSeconds: followsOnAlbum(current, next) ? 0 : playback.crossfadeSeconds,
  };
}

/** The plan already set says the same (a track without a URL keeps the one fetched for it). */
export function sameAsPlan(plan: NextTrackPlan | null, intent: NextIntent): boolean {
  return (
    plan !== null &&
    plan.key === intent.track.id &&
    plan.gain === intent.gain &&
    plan.crossfadeSeconds === intent.crossfadeSeconds &&
    (!intent.track.url || plan.url === intent.track.url)
  );
}
