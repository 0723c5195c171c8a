/**
 * Failed Subsonic sign-ins per network address, in memory: the per-account limit bounds guesses at
 * one account, this bounds one address guessing across many accounts (or API keys), with the web
 * sign-in's address budget (100 a minute). A blocked address is refused before any check, so a
 * right password from it waits too, as on the web sign-in.
 */
export class AddressFailures {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 100,
    private readonly windowMs = 60_000,
    private readonly maxAddresses = 10_000,
  ) {}

  blocked(address: string, now: number): boolean {
    return this.recent(address, now).length >= this.max;
  }

  record(address: string, now: number): void {
    const times = this.recent(address, now);
    times.push(now);
    this.failures.delete(address);
    this.failures.set(address, times);
    // the oldest address goes first when too many are followed (a Map keeps insertion order)
    if (this.failures.size > this.maxAddresses) this.failures.delete(this.failures.keys().next().value as string);
  }

  private recent(address: string, now: number): number[] {
    const times = (this.failures.get(address) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length === 0) this.failures.delete(address);
    return times;
  }
}
