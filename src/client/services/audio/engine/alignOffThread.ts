import { findAlignment, type Alignment } from './align';

export interface AlignRequest {
  id: number;
  window: Float32Array;
  reference: Float32Array;
  from: number;
  to: number;
}
export type AlignResponse = Alignment & { id: number };

/** A worker that has not answered in this long is given up on (the main thread aligns instead). */
const WORKER_TIMEOUT_MS = 2000;

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (alignment: Alignment | null) => void>();

function alignWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    // webpack bundles the worker as a same-origin chunk from this exact pattern
    worker = new Worker(new URL('./align.worker.ts', import.meta.url));
    worker.onmessage = (event: MessageEvent<AlignResponse>) => {
      const { id, lag, score } = event.data;
      waiting.get(id)?.({ lag, score });
      waiting.delete(id);
    };
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      waiting.forEach((resolve) => resolve(null));
      waiting.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * findAlignment in a Web Worker, so the hand-over's search never holds up the main thread; on the
 * main thread when no worker can run (it is one FFT either way). The arrays are handed over (transferred).
 */
export async function alignOffThread(window: Float32Array, reference: Float32Array, from: number, to: number): Promise<Alignment & { inWorker: boolean }> {
  const w = typeof Worker === 'undefined' ? null : alignWorker();
  if (!w) return { ...findAlignment(window, reference, from, to), inWorker: false };
  const id = (nextId += 1);
  const request: AlignRequest = { id, window: window.slice(), reference: reference.slice(), from, to };
  const answer = await new Promise<Alignment | null>((resolve) => {
    waiting.set(id, resolve);
    setTimeout(() => {
      if (waiting.delete(id)) resolve(null);
    }, WORKER_TIMEOUT_MS);
    w.postMessage(request, [request.window.buffer, request.reference.buffer]);
  });
  return answer ? { ...answer, inWorker: true } : { ...findAlignment(window, reference, from, to), inWorker: false };
}
