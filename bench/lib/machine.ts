import os from 'node:os';
import type { Machine } from './report';

export function readMachine(): Machine {
  const [l1, l5, l15] = os.loadavg();
  return {
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: [l1, l5, l15],
    startedAt: new Date().toISOString(),
  };
}
