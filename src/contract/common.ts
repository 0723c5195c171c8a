import { z } from 'zod';

/**
 * Every error answer: { success: false, message }, with extras on some (a 500's requestId, a
 * duplicate suggestion's existingSuggestion), which pass through as they are.
 */
export const ErrorResponse = z.looseObject({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** { success: true } and nothing else. */
export const SuccessResponse = z.object({ success: z.literal(true) });

/** { success: true, message } */
export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });

/** The error statuses a route declares, each answered with ErrorResponse. */
export function errorResponses<const C extends readonly number[]>(...codes: C): { [K in C[number]]: typeof ErrorResponse } {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as { [K in C[number]]: typeof ErrorResponse };
}

/** A time as the API sends it: an ISO 8601 string (Date#toISOString). */
export const IsoTime = z.string().meta({ format: 'date-time' });

/** A row id: a UUID (not checked on the way out: a response is never refused for its ids). */
export const Id = z.string().meta({ format: 'uuid' });
