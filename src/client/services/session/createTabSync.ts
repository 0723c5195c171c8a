import { TOKEN_STORAGE_KEY } from '../../../contract/limits';
import type { TabSessionEvent, TabSync } from './TabSync';

export const TAB_SYNC_CHANNEL = 'wavelength-session';

type EventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const asEvent = (data: unknown): TabSessionEvent | null =>
  data && typeof data === 'object' && 'event' in data && (data.event === 'signedIn' || data.event === 'signedOut') ? data.event : null;

function channelSync(Channel: typeof BroadcastChannel): TabSync {
  const channel = new Channel(TAB_SYNC_CHANNEL);
  return {
    announce: (event) => channel.postMessage({ event }),
    subscribe(listener) {
      const onMessage = (message: MessageEvent) => {
        const event = asEvent(message.data);
        if (event) listener(event);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/**
 * Without BroadcastChannel, the token's own storage event (fired in the other tabs only) is the
 * news: removed means signed out, stored where there was none means signed in; a refresh's
 * rotation (one token replacing another) is neither.
 */
function storageSync(target: EventSource): TabSync {
  return {
    announce: () => {},
    subscribe(listener) {
      const onStorage = (e: StorageEvent) => {
        if (e.key !== null && e.key !== TOKEN_STORAGE_KEY) return;
        if (e.newValue === null) listener('signedOut');
        else if (e.oldValue === null) listener('signedIn');
      };
      target.addEventListener('storage', onStorage as EventListener);
      return () => target.removeEventListener('storage', onStorage as EventListener);
    },
  };
}

/**
 * Both news sources together: the channel tells at once, and the token's storage event tells once
 * the stored token can be read here. Chromium hands a channel message to another tab's process
 * before its copy of localStorage has the new token, so a sign-in heard on the channel can find no
 * token yet; the storage event that follows then signs this tab in. Hearing one change twice does
 * nothing more: the sagas act only when this tab is not already in that state.
 */
function bothSync(channel: TabSync, storage: TabSync): TabSync {
  return {
    announce: (event) => channel.announce(event),
    subscribe(listener) {
      const unsubscribes = [channel.subscribe(listener), storage.subscribe(listener)];
      return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
    },
  };
}

/** A BroadcastChannel and the token's storage event where the browser has the channel, else the storage event alone. */
export function createTabSync(deps: { Channel?: typeof BroadcastChannel; target?: EventSource } = {}): TabSync {
  const Channel = 'Channel' in deps ? deps.Channel : globalThis.BroadcastChannel;
  const storage = storageSync(deps.target ?? window);
  return Channel ? bothSync(channelSync(Channel), storage) : storage;
}
