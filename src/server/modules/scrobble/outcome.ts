/** What a service's answer means for the listens it was about (docs/decisions/scrobbling.md). */
export type SendOutcome =
  | { kind: 'sent' }
  /** a network error, 429 or 5xx: try again, not before `retryAfterMs` when the service said so */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** any other refusal: the listens are dropped with this reason (never a token); `status` the HTTP one when there was an answer */
  | { kind: 'drop'; reason: string; status?: number };

/** Seconds to wait, from X-RateLimit-Reset-In (ListenBrainz) or Retry-After (seconds or an HTTP date). */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const resetIn = Number(headers.get('x-ratelimit-reset-in'));
  if (headers.has('x-ratelimit-reset-in') && Number.isFinite(resetIn) && resetIn >= 0) return resetIn * 1000;
  const retryAfter = headers.get('retry-after');
  if (!retryAfter) return undefined;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** An HTTP answer's outcome by its status: 2xx sent, 429 and 5xx retried, other statuses dropped. */
export function outcomeOfStatus(res: Response, detail: string, now: number): SendOutcome {
  if (res.ok) return { kind: 'sent' };
  const reason = `HTTP ${res.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`;
  if (res.status === 429) return { kind: 'retry', reason, retryAfterMs: retryAfterMs(res.headers, now) };
  if (res.status >= 500) return { kind: 'retry', reason };
  return { kind: 'drop', reason, status: res.status };
}

/** A fetch that threw (refused, reset, timed out): the network's fault, tried again. */
export function networkFailure(error: unknown): SendOutcome {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return { kind: 'retry', reason: `network error${cause ? ` (${cause})` : ''}` };
}

/** How long a call to a service may take before it counts as a network error. */
export const SERVICE_TIMEOUT_MS = 15_000;
