/** The lyrics rule the client imports as a value: this file stays free of zod (lyrics.ts holds the schemas). */

/** When a synced line shows, in ms of the track: its `startMs` less the set's `offsetMs` (docs/product.md §2.15). */
export const lineShowsAtMs = (track: { offsetMs: number }, line: { startMs?: number }): number => Math.max(0, (line.startMs ?? 0) - track.offsetMs);
