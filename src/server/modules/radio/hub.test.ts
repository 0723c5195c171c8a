import { PassThrough } from 'node:stream';
import type { WebSocket } from 'ws';
import { ListenerHub, type Listener } from './hub';
import { textFrame } from './textFrame';

function fakeSocket(readyState = 1) {
  const sent: Buffer[] = [];
  const socket = { readyState, OPEN: 1, send: (data: Buffer) => sent.push(data) };
  return { socket: socket as unknown as WebSocket, sent };
}

function wire() {
  const stream = new PassThrough();
  const written: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => written.push(chunk));
  return { stream, written };
}

describe('ListenerHub.broadcast', () => {
  it('writes one frame, built once, to every open socket that has its wire', () => {
    const hub = new ListenerHub(() => undefined);
    const [a, b] = [wire(), wire()];
    const sa = fakeSocket();
    const sb = fakeSocket();
    hub.add({ socket: sa.socket, wire: a.stream, userId: 'u1', sessionId: 's1', alive: true });
    hub.add({ socket: sb.socket, wire: b.stream, userId: 'u2', sessionId: 's2', alive: true });
    hub.broadcast('{"type":"TRACK_CHANGE"}');
    const expected = textFrame(Buffer.from('{"type":"TRACK_CHANGE"}'));
    expect(Buffer.concat(a.written).equals(expected)).toBe(true);
    expect(Buffer.concat(b.written).equals(expected)).toBe(true);
    expect(sa.sent).toEqual([]);
    expect(sb.sent).toEqual([]);
  });

  it('leaves a socket without its wire (an extension negotiated) to ws.send, and skips sockets not open', () => {
    const hub = new ListenerHub(() => undefined);
    const plain = fakeSocket();
    const closing = fakeSocket(2);
    const closingWire = wire();
    hub.add({ socket: plain.socket, userId: 'u1', sessionId: 's1', alive: true } satisfies Listener);
    hub.add({ socket: closing.socket, wire: closingWire.stream, userId: 'u2', sessionId: 's2', alive: true });
    hub.broadcast('{"type":"QUEUE_UPDATE"}');
    expect(plain.sent.map(String)).toEqual(['{"type":"QUEUE_UPDATE"}']);
    expect(closing.sent).toEqual([]);
    expect(closingWire.written).toEqual([]);
  });
});
