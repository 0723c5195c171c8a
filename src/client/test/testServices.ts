import { createServerReachability } from '../services/serverReachability';
import type { Services } from '../services';
import { FakeAudioService } from '../services/audio/FakeAudioService';
import { createLocalStorageStore } from '../services/storage';
import type { TokenStore } from '../services/tokenStore';

export function memoryTokenStore(initial: string | null = null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (t: string) => {
      store.value = t;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

/** Services for tests: a fake audio element, a token in memory, no socket unless given. */
export function createTestServices(overrides: Partial<Services> = {}): Services & { audio: FakeAudioService } {
  return {
    tokenStore: memoryTokenStore(),
    session: { refresh: async () => null },
    tabSync: { announce: () => {}, subscribe: () => () => {} },
    audio: new FakeAudioService(),
    openSocket: () => {
      throw new Error('no socket in this test');
    },
    now: () => Date.now(),
    storage: createLocalStorageStore(),
    apiOrigin: '',
    reachability: createServerReachability(),
    upload: {
      send: async () => {
        throw new Error('no upload in this test');
      },
    },
    ...overrides,
  } as Services & { audio: FakeAudioService };
}
