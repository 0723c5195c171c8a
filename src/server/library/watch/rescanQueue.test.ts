import type { FastifyBaseLogger } from 'fastify';
import type { LibraryScanService } from '../scan/scanService';
import { RescanQueue } from './rescanQueue';

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A scan service whose scans end when the test says so; it records the most scans running at once and the folders of each. */
function fakeService() {
  let finish: (() => void) | null = null;
  let done: Promise<void> | null = null;
  const state = { starts: 0, running: 0, mostAtOnce: 0, targets: [] as (string[] | undefined)[] };
  const service = {
    async start(targets?: string[]) {
      if (done) return 'running' as const;
      state.starts += 1;
      state.targets.push(targets);
      state.running += 1;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      done = new Promise<void>((resolve) => (finish = resolve)).then(() => {
        state.running -= 1;
        done = null;
      });
      return 'started' as const;
    },
    whenIdle: async () => done ?? undefined,
    status: () => ({ running: done !== null }),
  };
  return { service: service as unknown as LibraryScanService, state, end: () => finish?.() };
}

const CASES = [
  {
    name: 'runs one more scan after the running one for any number of requests made meanwhile, never two at once',
    startedElsewhere: false,
    requestsMeanwhile: 5,
    closeAtEnd: false,
    queueStarts: 2,
  },
  {
    name: 'waits for a scan started elsewhere (the start-up scan) and starts nothing once closed',
    startedElsewhere: true,
    requestsMeanwhile: 0,
    closeAtEnd: true,
    queueStarts: 1,
  },
];

describe('RescanQueue', () => {
  it.each(CASES)('$name', async ({ startedElsewhere, requestsMeanwhile, closeAtEnd, queueStarts }) => {
    const { service, state, end } = fakeService();
    if (startedElsewhere) await service.start();
    const queue = new RescanQueue(service, log);
    queue.request();
    await tick();
    expect(state.starts).toBe(1);
    for (let i = 0; i < requestsMeanwhile; i += 1) queue.request();
    await tick();
    expect(state.starts).toBe(1);
    end();
    await tick();
    expect(state.starts).toBe(2);
    end();
    await tick();
    if (closeAtEnd) {
      const closing = queue.close();
      queue.request();
      await closing;
      await tick();
    }
    expect(state.starts).toBe(2);
    expect(state.mostAtOnce).toBe(1);
    expect(queue.started).toBe(queueStarts);
  });
});

describe('RescanQueue folders', () => {
  it('scans the folders of all requests made while a scan ran in one scan, collapsed; a request for everything wins', async () => {
    const { service, state, end } = fakeService();
    const queue = new RescanQueue(service, log);
    queue.request(['/m/A']);
    await tick();
    queue.request(['/m/B/C', '/m/D']);
    queue.request(['/m/B']);
    end();
    await tick();
    queue.request(['/m/E']);
    queue.request();
    end();
    await tick();
    end();
    await tick();
    expect(state.targets.map((t) => t && [...t].sort())).toEqual([['/m/A'], ['/m/B', '/m/D'], undefined]);
  });
});
