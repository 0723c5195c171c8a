import { findAlignment, type Alignment } from './align';

export interface AlignRequest {
  id: number;
  window: Float32Array;
  reference: Float32Array;
  from: number;
  to: number;
  expected?: number;
}
export type AlignResponse = Alignment & { id: number };

/** A worker that has not answered in this long is given up on (the main thread aligns instead). */
const WORKER_TIMEOUT_MS = 2000;

/**
 * findAlignment in a Web Worker, so the hand-over's search never holds up the main thread; on the
 * main thread when no worker can run (it is one FFT either way). One per engine, which owns its worker.
 */
export class OffThreadAligner {
  private worker: Worker | null | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (alignment: Alignment | null) => void>();

  private alignWorker(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      // webpack bundles the worker as a same-origin chunk from this exact pattern
      const worker = new Worker(new URL('./align.worker.ts', import.meta.url));
      worker.onmessage = (event: MessageEvent<AlignResponse>) => {
        const { id, lag, score, ambiguous } = event.data;
        this.waiting.get(id)?.({ lag, score, ambiguous });
        this.waiting.delete(id);
      };
      worker.onerror = () => {
        worker.terminate();
        this.worker = null;
        this.waiting.forEach((resolve) => resolve(null));
        this.waiting.clear();
      };
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  /** The arrays are copied and handed over (transferred) to the worker. */
  async align(window: Float32Array, reference: Float32Array, from: number, to: number, expected?: number): Promise<Alignment & { inWorker: boolean }> {
    const w = typeof Worker === 'undefined' ? null : this.alignWorker();
    if (!w) return { ...findAlignment(window, reference, from, to, expected), inWorker: false };
    const id = (this.nextId += 1);
    const request: AlignRequest = { id, window: window.slice(), reference: reference.slice(), from, to, expected };
    const answer = await new Promise<Alignment | null>((resolve) => {
      this.waiting.set(id, resolve);
      setTimeout(() => {
        if (this.waiting.delete(id)) resolve(null);
      }, WORKER_TIMEOUT_MS);
      w.postMessage(request, [request.window.buffer, request.reference.buffer]);
    });
    return answer ? { ...answer, inWorker: true } : { ...findAlignment(window, reference, from, to, expected), inWorker: false };
  }
}
