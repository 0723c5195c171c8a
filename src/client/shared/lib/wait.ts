/** A timer the tests can replace (provide matchers.call.fn(wait)). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
