import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { MESSAGES } from '../../../../contract/messages';
import type { Song } from '../../../../contract/songs';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { DropZone } from './DropZone';
import { UploadRow } from './UploadRow';
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

/** Title and artist typed for a lone file, over its tags. */
function TagFields({ typed, onChange, disabled }: { typed: TagOverrides; onChange: (typed: TagOverrides) => void; disabled: boolean }) {
  return (
    <>
      <TextField label="Title" value={typed.title} onChange={(e) => onChange({ ...typed, title: e.target.value })} disabled={disabled} maxLength={200} />
      <TextField label="Artist" value={typed.artist} onChange={(e) => onChange({ ...typed, artist: e.target.value })} disabled={disabled} maxLength={200} />
      <Hint>Optional: title and artist replace the tags of a single file; blank uses the tags.</Hint>
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
  const queue = useUploadQueue(onUploaded);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState(NOTHING_TYPED);
  const waiting = queue.items.some((i) => i.status === 'waiting');
  const several = queue.items.length > 1;

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
          onFiles={(files) => {
            setError(null);
            queue.addFiles(files);
          }}
        />
        <TagFields typed={typed} onChange={setTyped} disabled={queue.busy || several} />
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
