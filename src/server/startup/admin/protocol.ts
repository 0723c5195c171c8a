/**
 * The control socket's protocol (docs/cli.md): one JSON line asks, one JSON line answers, then the
 * server ends the connection.
 */
export interface ControlRequest {
  operation: string;
  params: Record<string, unknown>;
}

export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/** A request line longer than this is refused (params are a few fields). */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** The request in a line, or null when the line is not one. */
export function parseRequest(line: string): ControlRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const request = value as Partial<ControlRequest>;
  if (typeof request?.operation !== 'string') return null;
  const params = request.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  return { operation: request.operation, params: params as Record<string, unknown> };
}
