import { combineReducers } from '@reduxjs/toolkit';
import { channel, type Channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { RADIO_WS_CLOSE_SERVICE_RESTART } from '../../../contract/radioConstants';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { isOnline, networkChannel, type NetworkEvent } from './network';
import { radioActions, radioSlice } from './radioSlice';
import { wait } from '../../shared/lib/wait';
import { socketSaga } from './socketSagas';

const reducer = combineReducers({ radio: radioSlice.reducer });

/** A socket that opens a tick after it is made and stays open until the client closes it. */
class OpeningSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedByClient = false;
  constructor(readonly url: string) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
}

function setup(startOnline = true) {
  const sockets: OpeningSocket[] = [];
  const waits: number[] = [];
  const network: Channel<NetworkEvent> = channel();
  let online = startOnline;
  const services = createTestServices({
    tokenStore: memoryTokenStore('token'),
    openSocket: (url: string) => {
      const socket = new OpeningSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  const saga = expectSaga(socketSaga)
    .withReducer(reducer)
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(networkChannel), network],
      [matchers.call.fn(isOnline), dynamic(() => online)],
      [matchers.call.fn(wait), dynamic(({ args }) => void waits.push(args[0] as number))],
    ]);
  const setOnline = (value: boolean) => {
    online = value;
    network.put(value ? 'online' : 'offline');
  };
  return { saga, sockets, waits, setOnline };
}

describe('the radio socket and the network', () => {
  it('offline, the socket is dropped at once (Disconnected), and a new one opens as soon as the network is back', async () => {
    const { saga, sockets, waits, setOnline } = setup();
    setTimeout(() => setOnline(false), 20);
    setTimeout(() => setOnline(true), 60);
    const { storeState } = await saga.put(radioActions.connected()).put(radioActions.disconnected()).silentRun(120);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closedByClient).toBe(true);
    expect(waits).toEqual([]); // no backoff: back online means reconnect now
    expect(storeState.radio.connection).toBe('connected');
  });

  it('stays disconnected while offline, without trying', async () => {
    const { saga, sockets, setOnline } = setup();
    setTimeout(() => setOnline(false), 20);
    const { storeState } = await saga.silentRun(120);
    expect(sockets).toHaveLength(1);
    expect(storeState.radio.connection).toBe('disconnected');
  });

  it('does not connect while the browser starts offline', async () => {
    const { saga, sockets, setOnline } = setup(false);
    let early = -1;
    setTimeout(() => (early = sockets.length), 30);
    setTimeout(() => setOnline(true), 40);
    const { storeState } = await saga.silentRun(100);
    expect(early).toBe(0);
    expect(sockets).toHaveLength(1);
    expect(storeState.radio.connection).toBe('connected');
  });
});

describe('the radio socket when the server restarts', () => {
  it('closed with 1012 (service restart), it connects again after the first backoff and is connected', async () => {
    const { saga, sockets, waits } = setup();
    setTimeout(() => {
      sockets[0].readyState = 3;
      sockets[0].onclose?.({ code: RADIO_WS_CLOSE_SERVICE_RESTART });
    }, 20);
    const { storeState } = await saga.put(radioActions.connected()).put(radioActions.disconnected()).silentRun(120);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closedByClient).toBe(false);
    // one wait, the first attempt's (1 s less jitter): the socket had opened, so the attempts start again
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(storeState.radio.connection).toBe('connected');
  });
});
