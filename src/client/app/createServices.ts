import type { Services } from '../services';
import { HtmlAudioService } from '../services/audio/HtmlAudioService';
import { createSessionService } from '../services/session/createSessionService';
import { createTabSync } from '../services/session/createTabSync';
import { createLocalStorageStore } from '../services/storage';
import { createLocalTokenStore } from '../services/tokenStore';
import { createXhrUploadService } from '../services/uploadService';

/** The real services of a browser. */
export function createBrowserServices(): Services {
  const tokenStore = createLocalTokenStore();
  const apiOrigin = '';
  const audioElement = new Audio();
  audioElement.id = 'wavelength-audio';
  document.body.appendChild(audioElement);
  return {
    tokenStore,
    session: createSessionService({ tokenStore, apiOrigin }),
    tabSync: createTabSync(),
    audio: new HtmlAudioService(audioElement),
    openSocket: (url) => new WebSocket(url),
    now: () => Date.now(),
    storage: createLocalStorageStore(),
    apiOrigin,
    upload: createXhrUploadService({ tokenStore, apiOrigin }),
  };
}
