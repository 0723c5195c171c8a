import type { Action } from '@reduxjs/toolkit';
import { END, eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, getContext, put, race, select, take, takeMaybe } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import type { RadioServerMessage } from '../../../contract/radio';
import { RADIO_WS_PATH } from '../../../contract/radioConstants';
import type { Services } from '../../services';
import { wait } from '../../shared/lib/wait';
import { liveMessageReceived } from '../../shared/live';
import { authActions, selectIsAuthenticated } from '../../shared/session';
import { reconnectDelay } from './backoff';
import { estimateClockOffset } from './livePosition';
import { isOnline, networkChannel, type NetworkEvent } from './network';
import { radioActions } from './radioSlice';

const CLOCK_SAMPLES = 8;

export type SocketEvent = { kind: 'open' } | { kind: 'message'; data: string; receivedAt: number } | { kind: 'error' } | { kind: 'close'; code: number };

/** The websocket URL for a token: same origin as the API (docs/product.md §7), ws:// or wss:// after the page's scheme. */
export function radioSocketUrl(apiOrigin: string, token: string): string {
  const origin = apiOrigin || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const url = new URL(`${RADIO_WS_PATH}?token=${encodeURIComponent(token)}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The socket's events as a channel; unsubscribing (channel.close()) closes the socket. */
export function socketChannel(socket: WebSocket, now: () => number): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    socket.onopen = () => emit({ kind: 'open' });
    socket.onmessage = (event: MessageEvent) => emit({ kind: 'message', data: String(event.data), receivedAt: now() });
    socket.onerror = () => emit({ kind: 'error' });
    socket.onclose = (event: CloseEvent) => {
      emit({ kind: 'close', code: event.code });
      emit(END);
    };
    return () => {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      if (socket.readyState === 0 || socket.readyState === 1) socket.close(1000);
    };
  });
}

const KNOWN = new Set<RadioServerMessage['type']>(['QUEUE_UPDATE', 'TRACK_CHANGE', 'LISTENERS_UPDATE', 'RADIO_STATUS_CHANGE', 'ERROR']);

/** A server message, null for a type this client does not know (ignored), or 'invalid' when it cannot be read. */
export function parseServerMessage(data: string): RadioServerMessage | null | 'invalid' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return 'invalid';
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { type?: unknown }).type !== 'string') return 'invalid';
  const message = parsed as RadioServerMessage;
  if (!KNOWN.has(message.type)) return null;
  if (!message.data || typeof message.data !== 'object') return 'invalid';
  return message;
}

/** The action each known message becomes. */
export function messageToAction(message: RadioServerMessage): Action {
  switch (message.type) {
    case 'QUEUE_UPDATE':
      return radioActions.stateReceived(message.data);
    case 'TRACK_CHANGE':
      return radioActions.trackChanged(message.data);
    case 'RADIO_STATUS_CHANGE':
      return radioActions.statusChanged(message.data);
    case 'LISTENERS_UPDATE':
      return radioActions.listenersUpdated(message.data.listeners);
    case 'ERROR':
      return radioActions.errorReceived(message.data.message);
  }
}

/** One server message: its action, after noting the clock sample it carries. */
function* onMessage(e: { data: string; receivedAt: number }, samples: number[]): SagaIterator {
  const message = parseServerMessage(e.data);
  if (message === 'invalid') {
    yield put(radioActions.errorReceived(MESSAGES.failedToParseMessage));
    return;
  }
  // docs/product.md §4.3: types the radio does not know are ignored here and handed on to other features
  if (!message) {
    yield put(liveMessageReceived(e.data));
    return;
  }
  if ('serverTime' in message.data && typeof message.data.serverTime === 'number') {
    samples.push(message.data.serverTime - e.receivedAt);
    if (samples.length > CLOCK_SAMPLES) samples.shift();
    yield put(radioActions.clockSynced(estimateClockOffset(samples)));
  }
  yield put(messageToAction(message));
}

/** One open socket until it closes or the network goes; answers which, and whether it opened. */
function* connection(channel: EventChannel<SocketEvent>, network: EventChannel<NetworkEvent>, samples: number[]) {
  let opened = false;
  for (;;) {
    const next: { event?: SocketEvent | typeof END; net?: NetworkEvent } = yield race({ event: takeMaybe(channel), net: take(network) });
    if (next.net === 'offline') return { offline: true, opened };
    if (next.net) continue;
    if (!next.event || next.event === END) return { offline: false, opened };
    const event = next.event as SocketEvent;
    if (event.kind === 'close') return { offline: false, opened };
    if (event.kind === 'open') {
      opened = true;
      yield put(radioActions.connected());
    } else if (event.kind === 'error') {
      yield put(radioActions.errorReceived(MESSAGES.websocketConnectionFailed));
    } else if (event.kind === 'message') {
      yield call(onMessage, event, samples);
    }
  }
}

/** Offline: nothing to try until the browser says the network is back. */
function* untilOnline(network: EventChannel<NetworkEvent>): SagaIterator {
  while (!(yield call(isOnline))) {
    const event: NetworkEvent = yield take(network);
    if (event === 'online') return;
  }
}

/**
 * One connection after another while signed in: the token is read fresh before each (a refreshed
 * one is used), no token means no connection, and a lost connection comes back after
 * reconnectDelay(attempt), the attempt count starting again after every successful open. When the
 * browser goes offline the socket is dropped at once (it says Disconnected) and a new one opens as
 * soon as it is back online.
 */
export function* socketSaga() {
  const services: Services = yield getContext('services');
  const network: EventChannel<NetworkEvent> = yield call(networkChannel);
  let attempt = 0;
  const samples: number[] = [];
  try {
    for (;;) {
      const token: string | null = yield call([services.tokenStore, services.tokenStore.get]);
      if (!token) {
        yield put(radioActions.disconnected());
        return;
      }
      yield call(untilOnline, network);
      yield put(radioActions.connecting());
      let outcome = { offline: false, opened: false };
      try {
        const socket: WebSocket = yield call(services.openSocket, radioSocketUrl(services.apiOrigin, token));
        const channel: EventChannel<SocketEvent> = yield call(socketChannel, socket, services.now);
        try {
          outcome = yield call(connection, channel, network, samples);
        } finally {
          channel.close();
        }
      } catch {
        yield put(radioActions.errorReceived(MESSAGES.websocketConnectionFailed));
      }
      yield put(radioActions.disconnected());
      if (outcome.opened) attempt = 0;
      if (outcome.offline) continue; // untilOnline waits, then it connects at once
      const ms: number = yield call(reconnectDelay, attempt, Math.random);
      attempt += 1;
      yield race({ wait: call(wait, ms), back: take(network) });
    }
  } finally {
    network.close();
  }
}

const SIGN_OUT = [authActions.logoutRequested.type, authActions.signedOut.type, authActions.sessionExpired.type];

/** The socket runs from sign-in to sign-out; signed in already when this starts (its chunk arrives after the boot's sign-in), at once. */
export function* sessionSocketSaga() {
  let signedIn: boolean = yield select(selectIsAuthenticated);
  for (;;) {
    if (!signedIn) yield take(authActions.authenticated.type);
    signedIn = false;
    const { signedOut } = yield race({ socket: call(socketSaga), signedOut: take(SIGN_OUT) });
    if (!signedOut) {
      // the socket gave up (no token): wait for sign-out before another sign-in can start it again
      yield take(SIGN_OUT);
    }
    yield put(radioActions.reset());
  }
}
