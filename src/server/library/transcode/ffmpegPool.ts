import { availableParallelism } from 'node:os';

/** How the pool admits ffmpeg runs; per app, so tests can shorten the waits. */
export interface FfmpegPoolSettings {
  /** ffmpeg processes at once: one per core, since each takes a core and more only slow every request */
  size: number;
  /** how long a FLAC copy waits in the queue before its request is answered busy */
  copyWaitMs: number;
  /** how long a live transcode (a format asked for) waits for a slot */
  liveWaitMs: number;
  /** a live transcode whose client takes no bytes for this long is cut, freeing its slot */
  stallMs: number;
}

export function defaultPoolSettings(): FfmpegPoolSettings {
  return { size: Math.max(1, availableParallelism()), copyWaitMs: 30_000, liveWaitMs: 10_000, stallMs: 30_000 };
}

/** Every slot stayed busy for the whole wait: the caller answers 503 (web) or its Subsonic error. */
export class PoolBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`every ffmpeg slot stayed busy for ${waitedMs} ms`);
  }
}

interface Waiter {
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

/**
 * One bounded pool for every ffmpeg the server runs (FLAC copies and live transcodes): at most
 * `size` at once. Waiters queue per owner (the listener) and are served round-robin, so one
 * listener asking for 24 songs waits behind their own requests, not in front of everyone else's.
 */
export class FfmpegPool {
  readonly settings: FfmpegPoolSettings;
  private readonly queues = new Map<string, Waiter[]>();
  /** owners with waiters, in the order they are served next */
  private readonly turn: string[] = [];
  running = 0;
  /** the most ffmpeg runs at once since start (tests and figures read it) */
  peak = 0;
  /** requests answered busy after their wait */
  refused = 0;

  constructor(settings: Partial<FfmpegPoolSettings> = {}) {
    this.settings = { ...defaultPoolSettings(), ...settings };
  }

  get queued(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  /** A slot for `owner`, waited for at most `waitMs`; call the answered function once when ffmpeg has ended. */
  acquire(owner: string, waitMs: number): Promise<() => void> {
    if (this.running < this.settings.size && this.turn.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.drop(owner, waiter);
          this.refused += 1;
          reject(new PoolBusyError(waitMs));
        }, waitMs),
      };
      const queue = this.queues.get(owner);
      if (queue) queue.push(waiter);
      else {
        this.queues.set(owner, [waiter]);
        this.turn.push(owner);
      }
    });
  }

  private take(): () => void {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.settings.size && this.turn.length > 0) {
      const owner = this.turn.shift()!;
      const queue = this.queues.get(owner)!;
      const waiter = queue.shift()!;
      if (queue.length > 0) this.turn.push(owner);
      else this.queues.delete(owner);
      clearTimeout(waiter.timer);
      waiter.grant(this.take());
    }
  }

  private drop(owner: string, waiter: Waiter): void {
    const queue = this.queues.get(owner);
    if (!queue) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) {
      this.queues.delete(owner);
      this.turn.splice(this.turn.indexOf(owner), 1);
    }
  }
}
