import styled from 'styled-components';
import type { RadioQueueTrack } from '../../../../contract/radio';
import { MESSAGES } from '../../../../contract/messages';
import { IconButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDuration } from '../../../ui/format';
import { TrashIcon } from '../../../ui/icons';
import { twoLineText } from '../../../ui/Page';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;
const Item = styled.li`
  display: grid;
  grid-template-columns: 2rem minmax(0, 1fr) auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
`;
const Index = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const Main = styled.div`
  min-width: 0;
  ${twoLineText}
`;
const Duration = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.textMuted};
`;

function addedWhen(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hr ago`;
  return new Date(iso).toLocaleDateString();
}

export interface QueueListProps {
  queue: RadioQueueTrack[];
  canRemove: boolean;
  onRemove: (track: RadioQueueTrack) => void;
  removingId?: string | null;
  now?: number;
}

/** The upcoming tracks, who added each and when; admins may remove them. */
export function QueueList({ queue, canRemove, onRemove, removingId = null, now = Date.now() }: QueueListProps) {
  if (queue.length === 0) return <EmptyState>{MESSAGES.noTracksInQueue}</EmptyState>;
  return (
    <List aria-label="Queue">
      {queue.map((track, index) => (
        <Item key={track.id}>
          <Index>{index + 1}</Index>
          <Main>
            <strong>{track.title}</strong>
            <span>
              {track.artist} · added by {track.addedBy?.username ?? 'someone'} {addedWhen(track.addedAt, now)}
            </span>
          </Main>
          <Duration>{formatDuration(track.duration)}</Duration>
          {canRemove ? (
            <IconButton type="button" aria-label={`Remove ${track.title} from the queue`} disabled={removingId === track.id} onClick={() => onRemove(track)}>
              <TrashIcon />
            </IconButton>
          ) : (
            <span />
          )}
        </Item>
      ))}
    </List>
  );
}
