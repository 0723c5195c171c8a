import type { z } from 'zod';
import { AdminError } from '../../lib/adminError';

/** An operation's params checked against its schema: the socket takes nothing on trust. */
export function parseParams<T extends z.ZodType>(operation: string, schema: T, params: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminError(`${operation}: ${issue?.path.join('.') || 'params'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
