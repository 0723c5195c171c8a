import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Part } from '../lib/part';
import { ROOT } from '../lib/paths';

export const radioPart: Part = {
  name: 'radio',
  title: 'Radio fan-out: a skip reaching 500, 2,000 and 10,000 socket listeners',
  limitSeconds: 240,
  async run() {
    if (!existsSync(path.join(ROOT, 'bench/radio/fanout.ts'))) throw new Error('bench/radio/fanout.ts (the radio issue) is not in the tree yet');
    throw new Error('the radio part is not wired to bench/radio/fanout.ts yet');
  },
};
