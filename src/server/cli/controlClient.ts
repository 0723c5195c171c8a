import net from 'node:net';
import type { ControlAnswer } from '../startup/admin/protocol';
import { CliError } from './command';

/** The control socket did not answer: nothing listens, or the server hangs (`code` says which). */
export class ControlUnreachable extends Error {
  constructor(readonly code: string) {
    super(`the control socket does not answer (${code})`);
  }
}

/**
 * Asks the running server for one operation over its control socket (docs/cli.md): one JSON line
 * out, one back. A refusal ({ ok: false }) is a CliError with the server's message. `timeoutMs`
 * bounds the wait (the first ask, whether the server answers at all); operations themselves may
 * run long (a scan, a backup), so by default there is none.
 */
export function callControlSocket(socketPath: string, operation: string, params: Record<string, unknown>, timeoutMs = 0): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let connected = false;
    let received = '';
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    if (timeoutMs > 0) socket.setTimeout(timeoutMs, () => fail(new ControlUnreachable('ETIMEDOUT')));
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ operation, params })}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.end();
      settle(received.slice(0, end), resolve, reject);
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      fail(connected ? new CliError(`the server stopped answering: ${error.message}`) : new ControlUnreachable(error.code ?? error.message)),
    );
    socket.on('end', () => {
      if (!received.includes('\n')) fail(new CliError('the server closed the control socket without answering'));
    });
  });
}

function settle(line: string, resolve: (value: unknown) => void, reject: (error: Error) => void): void {
  let answer: ControlAnswer;
  try {
    answer = JSON.parse(line) as ControlAnswer;
  } catch {
    reject(new CliError('the server answered something that is not JSON'));
    return;
  }
  if (answer.ok) resolve(answer.result);
  else reject(new CliError(answer.error));
}
