import type { z } from 'zod';

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Validates input against a contract schema; the first problem becomes a 400 with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, issueMessage(issue.path.join('.'), issue.message));
}

/** How input problems read: zod's own "Invalid input…" names the field, a contract message stands alone. */
export function issueMessage(path: string, message: string): string {
  return message.startsWith('Invalid input') && path ? `${path}: ${message}` : message;
}
