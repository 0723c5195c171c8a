/**
 * The live transcodes of one app (Subsonic's stream with a format): the ffmpeg runs now, and how
 * many were stopped before their end. The admission check and the metrics read them; tests watch them.
 */
export class LiveTranscodes {
  running = 0;
  stopped = 0;
}
