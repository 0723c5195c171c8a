import { HttpError } from '../../lib/httpError';

/**
 * A song that cannot be converted now: no ffmpeg for an ALAC/AIFF copy (415), or ffmpeg failed
 * (500). The web app answers it as any HttpError; Subsonic's stream answers it as its error 0.
 */
export class TranscodeFailure extends HttpError {}
