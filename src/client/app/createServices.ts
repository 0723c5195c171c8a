import type { Services } from '../services';
import { LazyAudioService } from '../services/audio/LazyAudioService';
import { createSessionService } from '../services/session/createSessionService';
import { createTabSync } from '../services/session/createTabSync';
import { createLocalStorageStore } from '../services/storage';
import { createLocalTokenStore } from '../services/tokenStore';

/** The real services of a browser. */
export function createBrowserServices(): Services {
  const tokenStore = createLocalTokenStore();
  const apiOrigin = '';
  return {
    tokenStore,
    session: createSessionService({ tokenStore, apiOrigin }),
    tabSync: createTabSync(),
    audio: new LazyAudioService(async () => {
      const { HtmlAudioService } = await import(/* webpackChunkName: "audio" */ '../services/audio/HtmlAudioService');
      const audioElement = new Audio();
      audioElement.id = 'wavelength-audio';
      document.body.appendChild(audioElement);
      return new HtmlAudioService(audioElement);
    }),
    openSocket: (url) => new WebSocket(url),
    now: () => Date.now(),
    storage: createLocalStorageStore(),
    apiOrigin,
    // admins only, and only in the upload dialog: a chunk of its own, off the sign-in page
    upload: {
      send: async (request, onProgress) => {
        const { createXhrUploadService } = await import(/* webpackChunkName: "upload" */ '../services/uploadService');
        return createXhrUploadService({ tokenStore, apiOrigin }).send(request, onProgress);
      },
    },
  };
}
