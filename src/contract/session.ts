import { z } from 'zod';
import { Id } from './common';
import { Role } from './auth';

/**
 * GET /api/auth/session: what the bearer token says, once the server has found it valid and its
 * session alive. A file of its own so the sign-in page's bundle does not carry it.
 */
export const SessionResponse = z.object({ success: z.literal(true), userId: Id, role: Role });
export type SessionResponse = z.infer<typeof SessionResponse>;
