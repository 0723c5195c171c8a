/**
 * A refusal the administrator can fix (unknown user, email taken, weak password, the last admin),
 * raised by the work behind the admin command line (docs/product.md §10) wherever it runs: printed
 * as one line by the command line, answered as `{ ok: false, error }` over the control socket.
 */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}
