import type { Services } from '../services';
import type { AudioService } from '../services/audio/AudioService';
import { createAudioGraph } from '../services/audio/engine/audioGraph';
import { OutputTap } from '../services/audio/engine/outputTap';
import { HtmlAudioService } from '../services/audio/HtmlAudioService';
import { WebAudioEngine } from '../services/audio/WebAudioEngine';
import { createSessionService } from '../services/session/createSessionService';
import { createTabSync } from '../services/session/createTabSync';
import { createLocalStorageStore } from '../services/storage';
import { createLocalTokenStore } from '../services/tokenStore';
import { createXhrUploadService } from '../services/uploadService';

/** Debug switches (docs/product.md §2.14): the output tap for tests and benchmarks, and the old one-element player as the reference. */
const TAP_SWITCH = 'wavelength_audio_tap';
const ENGINE_SWITCH = 'wavelength_audio_engine';

declare global {
  interface Window {
    wavelengthAudioTap?: OutputTap;
    wavelengthAudio?: AudioService;
  }
}

function debugSwitch(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The playback engine, or with the reference switch the old element player; tapped when the tap switch is on. */
function createAudio(): AudioService {
  // a same-origin file (the CSP allows no blob: worklets); webpack emits it as an asset
  const workletUrl = new URL('../services/audio/engine/tapProcessor.worklet.js', import.meta.url);
  const tap = debugSwitch(TAP_SWITCH) === '1' ? new OutputTap() : undefined;
  let audio: AudioService;
  if (debugSwitch(ENGINE_SWITCH) === 'element') {
    const audioElement = new Audio();
    audioElement.id = 'wavelength-audio';
    document.body.appendChild(audioElement);
    audio = new HtmlAudioService(audioElement);
    if (tap) {
      const graph = createAudioGraph(workletUrl);
      graph.ctx.createMediaElementSource(audioElement).connect(graph.master);
      tap.attachGraph(graph);
    }
  } else {
    audio = new WebAudioEngine({ workletUrl, outputTap: tap });
  }
  if (tap) {
    window.wavelengthAudioTap = tap;
    window.wavelengthAudio = audio;
  }
  return audio;
}

/** The real services of a browser. */
export function createBrowserServices(): Services {
  const tokenStore = createLocalTokenStore();
  const apiOrigin = '';
  return {
    tokenStore,
    session: createSessionService({ tokenStore, apiOrigin }),
    tabSync: createTabSync(),
    audio: createAudio(),
    openSocket: (url) => new WebSocket(url),
    now: () => Date.now(),
    storage: createLocalStorageStore(),
    apiOrigin,
    upload: createXhrUploadService({ tokenStore, apiOrigin }),
  };
}
