import type { AudioEvent } from '../AudioService';

/** Translates an element's media events into AudioEvents, for HtmlAudioService's one element and for each of the engine's (it forwards the active one's). */
export class ElementEvents {
  constructor(el: HTMLAudioElement, emit: (event: AudioEvent) => void) {
    const on = (type: string, make: () => AudioEvent) => el.addEventListener(type, () => emit(make()));
    on('play', () => ({ type: 'play' }));
    on('pause', () => ({ type: 'pause' }));
    on('ended', () => ({ type: 'ended' }));
    on('timeupdate', () => ({ type: 'timeupdate', currentTime: el.currentTime }));
    on('volumechange', () => ({ type: 'volumechange', volume: el.volume, muted: el.muted }));
    on('loadstart', () => ({ type: 'loadstart' }));
    on('loadeddata', () => ({ type: 'loadeddata', duration: Number.isFinite(el.duration) ? el.duration : 0 }));
    on('canplay', () => ({ type: 'canplay' }));
    on('playing', () => ({ type: 'canplay' }));
    on('waiting', () => ({ type: 'waiting' }));
    el.addEventListener('error', () => {
      // an element without a source reports an error too; only real media errors count
      if (el.getAttribute('src')) emit({ type: 'error', code: el.error?.code ?? 0, offline: typeof navigator !== 'undefined' && navigator.onLine === false });
    });
  }
}
