import { buffers, eventChannel, type EventChannel } from 'redux-saga';

export type NetworkEvent = 'online' | 'offline';

/** The browser's online and offline events (a socket can look open for long after the network went). */
export function networkChannel(): EventChannel<NetworkEvent> {
  return eventChannel<NetworkEvent>((emit) => {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => emit('online');
    const offline = () => emit('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, buffers.sliding(4));
}

/** Whether the browser says it has a network (true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
