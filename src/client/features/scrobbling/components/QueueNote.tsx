import type { ScrobbleConnection } from '../../../../contract/scrobble';
import { MutedNote as Muted } from '../../../ui/settingsParts';

/** How many listens wait to be sent, and how many of them failed at least once (they are retried). */
export function QueueNote({ connection }: { connection: ScrobbleConnection }) {
  if (connection.pending === 0) return null;
  const waiting = `${connection.pending} ${connection.pending === 1 ? 'listen waits' : 'listens wait'} to be sent`;
  return <Muted>{connection.failing > 0 ? `${waiting}; sending failed so far, it is tried again later.` : `${waiting}.`}</Muted>;
}
