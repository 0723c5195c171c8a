import { formatDuration } from '../../../ui/format';

/** One arrow press on the seek slider moves this far (docs/product.md §5.5 keeps it within the track). */
export const SEEK_STEP_SECONDS = 5;

/** The seek slider's spoken value, in the player's m:ss: "1:05 of 3:20". */
export function seekValueText(currentTime: number, duration: number): string {
  return `${formatDuration(currentTime)} of ${formatDuration(duration)}`;
}

/** The volume slider's spoken value: "40%". */
export function volumeValueText(volume: number): string {
  return `${Math.round(Math.min(1, Math.max(0, volume)) * 100)}%`;
}

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/** Where an arrow key takes the seek slider (null for other keys), kept between 0 and the duration. */
export function seekByKey(key: string, currentTime: number, duration: number): number | null {
  const direction = STEPS[key];
  if (!direction) return null;
  return Math.min(duration, Math.max(0, currentTime + direction * SEEK_STEP_SECONDS));
}
