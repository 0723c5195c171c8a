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

/** A BroadcastChannel where the browser has one, else the storage event of the stored token. */
export function createTabSync(deps: { Channel?: typeof BroadcastChannel; target?: EventSource } = {}): TabSync {
  const Channel = 'Channel' in deps ? deps.Channel : globalThis.BroadcastChannel;
  return Channel ? channelSync(Channel) : storageSync(deps.target ?? window);
}
