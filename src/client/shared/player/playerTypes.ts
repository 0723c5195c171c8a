/** docs/product.md §3 "Track (playback)": what the player needs to play one song. */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  /** a URL the audio element can stream (the song's signed publicUrl) */
  url: string;
  /** seconds */
  duration: number;
}

/** Where a play started; counted in statistics. */
export type PlaySource = 'library' | 'search' | 'liked' | 'playlist' | 'radio' | 'home' | 'player';
