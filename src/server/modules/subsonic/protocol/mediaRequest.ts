/**
 * Calls whose success is bytes, not a subsonic-response. Their XML errors go out as text/xml, as
 * other servers send them: DSub (and apps built on its code) tells an error from audio or an image
 * only by a text/xml or text/html type, and would otherwise save the error document as the song.
 */
const MEDIA_METHODS = new Set(['stream', 'download', 'getCoverArt', 'hls', 'getAvatar', 'getCaptions']);

/** Whether the method named in the path (`stream`, `stream.view`, `hls.m3u8`) is a media request. */
export function isMediaRequest(method: string | undefined): boolean {
  return method !== undefined && MEDIA_METHODS.has(method.replace(/\.(view|m3u8)$/, ''));
}
