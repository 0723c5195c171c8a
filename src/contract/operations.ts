import { z } from 'zod';

/** GET /api/ready when this instance takes traffic: the database answers and its migrations are all applied. */
export const ReadyResponse = z.object({ success: z.literal(true), database: z.literal('ok'), migrations: z.literal('done') });

/** Why an instance is not ready: it is shutting down, or its database does not answer, or is behind this release. */
export const NOT_READY_REASONS = ['draining', 'database unavailable', 'migrations pending'] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

/** GET /api/ready's 503. */
export const NotReadyResponse = z.object({ success: z.literal(false), reason: z.enum(NOT_READY_REASONS) });

/**
 * What /api/health says of the disk (docs/product.md §8.1): 'full' for a minute after a write failed
 * for a full disk; else 'low' under LOW_DISK_FREE_BYTES free in DATA_DIR or MEDIA_DIR (with
 * diskFreeBytes, the fewer of the two); absent while there is room.
 */
const DiskReport = {
  disk: z.enum(['low', 'full']).optional(),
  /** bytes free to the server's user, present with disk: 'low' */
  diskFreeBytes: z.number().int().min(0).optional(),
};

/** GET /api/health: the process answers and so does its database. */
export const HealthResponse = z.object({ success: z.literal(true), database: z.literal('ok'), ...DiskReport });

/** GET /api/health's 503: the database does not answer. */
export const HealthUnavailableResponse = z.object({ success: z.literal(false), database: z.literal('unavailable'), ...DiskReport });
