/**
 * The bytes a transcode at `kbps` of a song `durationMs` long makes (bitrate × duration), which
 * Subsonic's estimateContentLength announces as Content-Length so players show a length and seek bar.
 */
export function estimatedLength(kbps: number, durationMs: number): number {
  return Math.ceil((kbps * Math.max(0, durationMs)) / 8);
}
