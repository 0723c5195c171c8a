import { createRequire } from 'node:module';
import { textFrame } from './textFrame';

/** ws's own framing (Sender.frame is public in ws, though @types/ws leaves it out) */
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};
const wsFrame = (payload: Buffer) => Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));

it.each([0, 1, 125, 126, 4_800, 65_535, 65_536, 200_000])('frames %i bytes exactly as ws.send would on a server socket', (bytes) => {
  const payload = Buffer.from('é'.repeat(bytes).slice(0, bytes), 'latin1');
  expect(textFrame(payload).equals(wsFrame(payload))).toBe(true);
});
