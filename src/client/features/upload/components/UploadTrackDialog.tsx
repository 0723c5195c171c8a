import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { UPLOAD_MAX_BYTES_DEFAULT } from '../../../../contract/limits';
import { MESSAGES } from '../../../../contract/messages';
import type { Song } from '../../../../contract/songs';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { DropZone } from './DropZone';
import { UploadRow } from './UploadRow';
import { useGetUploadLimitsQuery } from '../uploadApi';
import { useUploadQueue, type TagOverrides, type UploadItem } from '../useUploadQueue';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 320px;
  overflow-y: auto;
`;
const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;
const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

function UploadList({ items }: { items: UploadItem[] }) {
  if (!items.length) return null;
  return (
    <List aria-label="Files to upload">
      {items.map((item) => (
        <UploadRow key={item.id} item={item} />
      ))}
    </List>
  );
}

const NOTHING_TYPED: TagOverrides = { title: '', artist: '' };

/** What the fields do now: a typed title or artist is used, or the hint says why it is not. */
function tagFieldsHint(toSend: number, typed: TagOverrides): string {
  if (toSend <= 1) return 'Optional: title and artist replace the tags of a single file; blank uses the tags.';
  const typedSomething = Boolean(typed.title?.trim() || typed.artist?.trim());
  return `Title and artist apply to a single file: the ${toSend} files to upload each keep the title and artist of their tags${
    typedSomething ? ', so what is typed here is not used' : ''
  }.`;
}

/**
 * Title and artist typed for a lone file, over its tags. Off (and looking it) while several files
 * are to be sent, the hint beside them saying why; a refused file is not one of them.
 */
function TagFields({ typed, onChange, toSend, busy }: { typed: TagOverrides; onChange: (typed: TagOverrides) => void; toSend: number; busy: boolean }) {
  const hintId = useId();
  const disabled = busy || toSend > 1;
  return (
    <>
      <TextField
        label="Title"
        value={typed.title}
        onChange={(e) => onChange({ ...typed, title: e.target.value })}
        disabled={disabled}
        aria-describedby={hintId}
        maxLength={200}
      />
      <TextField
        label="Artist"
        value={typed.artist}
        onChange={(e) => onChange({ ...typed, artist: e.target.value })}
        disabled={disabled}
        aria-describedby={hintId}
        maxLength={200}
      />
      <Hint id={hintId}>{tagFieldsHint(toSend, typed)}</Hint>
    </>
  );
}

/** how long a batch that all went in stays on screen before the dialog closes */
const ADDED_VISIBLE_MS = 1200;

export interface UploadTrackDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded?: (song: Song) => void;
}

/**
 * Admins add tracks: several audio files at once (picked or dropped), each its own upload with its
 * own progress bar and result; titles, artists and albums come from the files' tags (docs/product.md §5.4).
 */
export function UploadTrackDialog({ open, onClose, onUploaded }: UploadTrackDialogProps) {
  // the server's MAX_UPLOAD_MB; until it is known (or if it cannot be), the default, the server checking again
  const { data: limits } = useGetUploadLimitsQuery(undefined, { skip: !open });
  const maxBytes = limits?.maxUploadBytes ?? UPLOAD_MAX_BYTES_DEFAULT;
  const queue = useUploadQueue(onUploaded, maxBytes);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState(NOTHING_TYPED);
  const waiting = queue.toSend > 0;

  const close = () => {
    if (queue.busy) return;
    queue.reset();
    setError(null);
    setTyped(NOTHING_TYPED);
    onClose();
  };
  // every file went in: the dialog closes by itself; a failure keeps it open with its message
  const allAdded = queue.finished && queue.items.length > 0 && queue.items.every((i) => i.status === 'done');
  useEffect(() => {
    if (!allAdded) return undefined;
    const timer = setTimeout(close, ADDED_VISIBLE_MS);
    return () => clearTimeout(timer);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!waiting) {
      setError(queue.items.length ? null : MESSAGES.allFieldsRequired);
      return;
    }
    setError(null);
    queue.start(typed);
  };

  return (
    <Dialog open={open} title="Add Track" onClose={close}>
      <Form onSubmit={submit} noValidate>
        <DropZone
          disabled={queue.busy}
          maxBytes={maxBytes}
          onFiles={(files) => {
            setError(null);
            queue.addFiles(files);
          }}
        />
        <TagFields typed={typed} onChange={setTyped} toSend={queue.toSend} busy={queue.busy} />
        <UploadList items={queue.items} />
        {error ? <ErrorMessage>{error}</ErrorMessage> : null}
        <Row>
          <Button type="button" $variant="secondary" onClick={close} disabled={queue.busy}>
            {queue.finished ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" disabled={queue.busy}>
            {queue.busy ? 'Uploading…' : 'Upload'}
          </Button>
        </Row>
      </Form>
    </Dialog>
  );
}
