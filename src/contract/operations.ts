import { z } from 'zod';

/** GET /api/ready when this instance takes traffic: the database answers and its migrations are all applied. */
export const ReadyResponse = z.object({ success: z.literal(true), database: z.literal('ok'), migrations: z.literal('done') });

/** Why an instance is not ready: it is shutting down, or its database does not answer, or is behind this release. */
export const NOT_READY_REASONS = ['draining', 'database unavailable', 'migrations pending'] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

/** GET /api/ready's 503. */
export const NotReadyResponse = z.object({ success: z.literal(false), reason: z.enum(NOT_READY_REASONS) });
