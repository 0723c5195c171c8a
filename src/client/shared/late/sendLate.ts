import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';
import type { Services } from '../../services';
import type { ServerReachability } from '../../services/serverReachability';
import type { LateItem, LateQueue } from './lateQueue';

/** What a send resolved to: the transport's error when it failed. */
export interface SendResult {
  error?: unknown;
}

/** The request got no answer at all (the transport marks the server unreachable then): keep it for later. */
export function* unanswered(result: SendResult): SagaIterator<boolean> {
  const { reachability }: Services = yield getContext('services');
  return result.error !== undefined && !reachability.get();
}

/**
 * Sends `userId`'s kept items, oldest first, until one gets no answer (still offline); each answered
 * one (done, a repeat, or refused for good) leaves the queue.
 */
export function* sendLate<T extends LateItem>(queue: LateQueue<T>, userId: string | null, send: (item: T) => SagaIterator<SendResult>): SagaIterator {
  const waiting = userId ? queue.read().filter((item) => item.userId === userId) : [];
  let sent = 0;
  for (const item of waiting) {
    const result: SendResult = yield call(send, item);
    if ((yield call(unanswered, result)) as boolean) break;
    sent += 1;
  }
  if (sent > 0) queue.remove(waiting.slice(0, sent));
}

/** Emits each time the server answers again after it did not: the moment to send what waits. */
export const serverAnswers = (reachability: ServerReachability): EventChannel<true> =>
  eventChannel((emit) =>
    reachability.subscribe(() => {
      if (reachability.get()) emit(true);
    }),
  );
