/** What an error in the chain may carry: a code (SQLSTATE, errno name), a message, a cause, an AggregateError's errors. */
export interface ChainedError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The error and what it wraps, a few steps down: drizzle wraps the driver's error in
 * DrizzleQueryError { cause }, and net's AggregateError (one error per address tried, when
 * localhost has IPv4 and IPv6) holds them in `errors`.
 */
export function* errorChain(error: unknown, depth = 5): Generator<ChainedError> {
  let current: unknown = error;
  for (let step = 0; step < depth && current && typeof current === 'object'; step += 1) {
    const link = current as ChainedError;
    yield link;
    current = link.cause ?? (Array.isArray(link.errors) ? link.errors[0] : undefined);
  }
}

/** Whether an error in the chain has one of `codes`, or a message containing one of `messages` (lower case). */
export function chainMatches(error: unknown, codes: ReadonlySet<string>, messages: readonly string[]): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && codes.has(code)) return true;
    if (typeof message === 'string' && messages.some((m) => message.toLowerCase().includes(m))) return true;
  }
  return false;
}
