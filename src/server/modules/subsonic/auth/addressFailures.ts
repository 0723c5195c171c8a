import { LRUCache } from 'lru-cache';

/**
 * Failed Subsonic sign-ins per network address, in memory: the per-account limit bounds guesses at
 * one account, this bounds one address guessing across many accounts (or API keys), with the web
 * sign-in's address budget (100 a minute). A blocked address is refused before any check, so a
 * right password from it waits too, as on the web sign-in.
 */
export class AddressFailures {
  /** the times of each address's recent failures; the address that failed least lately goes first when maxAddresses are followed */
  private readonly failures: LRUCache<string, number[]>;

  constructor(
    private readonly max = 100,
    private readonly windowMs = 60_000,
    maxAddresses = 10_000,
  ) {
    this.failures = new LRUCache({ max: maxAddresses });
  }

  blocked(address: string, now: number): boolean {
    return this.recent(address, now).length >= this.max;
  }

  record(address: string, now: number): void {
    const times = this.recent(address, now);
    times.push(now);
    this.failures.set(address, times);
  }

  /** A check is no failure: peek leaves the address's place in the order as it was. */
  private recent(address: string, now: number): number[] {
    const times = (this.failures.peek(address) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length === 0) this.failures.delete(address);
    return times;
  }
}
