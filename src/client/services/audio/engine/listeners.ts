/** Subscribers to one kind of event: `emit` calls each, `add` returns the unsubscribe. */
export class Listeners<T> {
  private readonly all = new Set<(event: T) => void>();

  readonly emit = (event: T): void => this.all.forEach((listener) => listener(event));

  add(listener: (event: T) => void): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }
}
