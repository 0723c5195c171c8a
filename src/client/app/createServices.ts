import type { Services } from '../services';
import type { AudioService } from '../services/audio/AudioService';
import type { AudioTapApi } from '../services/audio/engine/outputTap';
import { LazyAudioService } from '../services/audio/LazyAudioService';
import { createServerReachability } from '../services/serverReachability';
import { createSessionService } from '../services/session/createSessionService';
import { createTabSync } from '../services/session/createTabSync';
import { createLocalStorageStore } from '../services/storage';
import { createLocalTokenStore } from '../services/tokenStore';

/** Debug switches (docs/product.md §2.14): the output tap for tests and benchmarks, and the old one-element player as the reference. */
const TAP_SWITCH = 'wavelength_audio_tap';
const ENGINE_SWITCH = 'wavelength_audio_engine';

declare global {
  interface Window {
    wavelengthAudioTap?: AudioTapApi;
    wavelengthAudio?: AudioService;
    wavelengthAudioEngine?: { debugLog: string[] };
  }
}

function debugSwitch(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The audio service: its implementation arrives as a chunk on the first load, prepare or play. */
function lazyAudio(signedIn: boolean): AudioService {
  const switches = { tap: debugSwitch(TAP_SWITCH) === '1', reference: debugSwitch(ENGINE_SWITCH) === 'element' };
  const audio = new LazyAudioService(async () => (await import(/* webpackChunkName: "audio" */ './createAudio')).createAudio(switches));
  // test harnesses drive the service as the sagas do (window.wavelengthAudioTap arrives with the engine)
  if (switches.tap) window.wavelengthAudio = audio;
  if (signedIn) audio.warm();
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
    audio: lazyAudio(tokenStore.get() !== null),
    openSocket: (url) => new WebSocket(url),
    now: () => Date.now(),
    storage: createLocalStorageStore(),
    apiOrigin,
    reachability: createServerReachability(),
    // admins only, and only in the upload dialog: a chunk of its own, off the sign-in page
    upload: {
      send: async (request, onProgress) => {
        const { createXhrUploadService } = await import(/* webpackChunkName: "upload" */ '../services/uploadService');
        return createXhrUploadService({ tokenStore, apiOrigin }).send(request, onProgress);
      },
    },
  };
}
