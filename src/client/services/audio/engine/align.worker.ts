/* The hand-over's alignment, off the main thread (alignOffThread.ts starts this worker). */
import { findAlignment } from './align';
import type { AlignRequest, AlignResponse } from './alignOffThread';

const scope = self as unknown as { onmessage: ((event: MessageEvent<AlignRequest>) => void) | null; postMessage(message: AlignResponse): void };

scope.onmessage = (event) => {
  const { id, window, reference, from, to, expected } = event.data;
  scope.postMessage({ id, ...findAlignment(window, reference, from, to, expected) });
};
