/** A song's ReplayGain tags as the songs table holds them (dB; peaks as a ratio of full scale). */
export interface GainTags {
  trackGain: number | null;
  trackPeak: number | null;
  albumPeak: number | null;
}

/**
 * The gain (dB) the stream plays a song at: the web player's track gain (client replayGain.ts,
 * docs/product.md §2.14: a station is a mixed queue, so track gain, no preamp), held below what
 * the peak allows so the track never clips; 0 for an untagged file.
 */
export function streamGainDb({ trackGain, trackPeak, albumPeak }: GainTags): number {
  if (trackGain === null) return 0;
  const peak = trackPeak ?? albumPeak;
  return peak !== null && peak > 0 ? Math.min(trackGain, -20 * Math.log10(peak)) : trackGain;
}
