import type { Database } from '../../db/open';
import { createEventBus, type EventBus } from '../../events/eventBus';

/**
 * Told to every instance when sessions end, so what they hold open for those sessions (radio
 * sockets) closes at once instead of at the next periodic check.
 */
export type SessionEvent = { kind: 'ended'; sessionIds: string[] } | { kind: 'userSessionsEnded'; userId: string };

export const SESSION_CHANNEL = 'session_events';

export function createSessionEventBus(database: Database, onError?: (error: unknown) => void): EventBus<SessionEvent> {
  return createEventBus<SessionEvent>(database, SESSION_CHANNEL, onError);
}
