import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { COVER_MAX_BYTES } from '../../../../contract/limits';
import { OFFLINE_CHANGE_REFUSED } from '../../../../contract/keptMessages';
import { MESSAGES } from '../../../../contract/messages';
import type { PlaylistDetail, PlaylistSummary } from '../../../../contract/playlists';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../../ui/useOfflineRefusal';
import { errorMessage, useCreatePlaylistMutation, useUpdatePlaylistMutation } from '../playlistsApi';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
const Label = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-weight: 600;
  font-size: 0.9rem;
  textarea,
  input[type='file'] {
    font: inherit;
    font-weight: 400;
    color: ${({ theme }) => theme.color.text};
  }
  textarea {
    min-height: 80px;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surface};
    resize: vertical;
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
`;

const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const COVER_TYPE_MESSAGE = 'Cover image must be a JPEG, PNG or WebP image';
export const COVER_SIZE_MESSAGE = 'Cover image is too large. Maximum size is 2MB.';

/** docs/product.md §8: a create that fails for want of a session asks to log in again. */
export function createErrorMessage(error: unknown): string {
  const message = errorMessage(error, MESSAGES.requestFailed(500));
  return message === MESSAGES.userNotFound || message === MESSAGES.authenticationRequired ? MESSAGES.pleaseLogInAgainToCreatePlaylist : message;
}

export interface PlaylistFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the playlist being edited; none creates a new one */
  playlist?: PlaylistSummary | null;
  onSaved?: (playlist: PlaylistDetail) => void;
}

/** Why a cover file cannot be used, or null. */
function coverProblem(file: File | null): string | null {
  if (file && !COVER_TYPES.includes(file.type)) return COVER_TYPE_MESSAGE;
  if (file && file.size > COVER_MAX_BYTES) return COVER_SIZE_MESSAGE;
  return null;
}

/** Creates or updates through the API; resolves to the error to show, or null once saved. */
function useSavePlaylist(playlist: PlaylistSummary | null | undefined, onSaved?: (playlist: PlaylistDetail) => void) {
  const [create, createState] = useCreatePlaylistMutation();
  const [update, updateState] = useUpdatePlaylistMutation();
  const dispatch = useDispatch();
  const { online, failure } = useOfflineRefusal();
  async function save(values: { name: string; description: string; coverImage: File | null }): Promise<string | null> {
    if (!online) return OFFLINE_CHANGE_REFUSED;
    try {
      const result = playlist ? await update({ id: playlist.id, ...values }).unwrap() : await create(values).unwrap();
      dispatch(toastShown(playlist ? 'Playlist updated' : 'Playlist created', 'success'));
      onSaved?.(result.playlist);
      return null;
    } catch (error) {
      const usual = playlist ? errorMessage(error, MESSAGES.requestFailed(500)) : createErrorMessage(error);
      return failure(error, usual);
    }
  }
  return { save, busy: createState.isLoading || updateState.isLoading };
}

/** Create or edit a playlist: name (required, trimmed), description, cover image (optional). */
export function PlaylistFormDialog({ open, onClose, playlist, onSaved }: PlaylistFormDialogProps) {
  const editing = Boolean(playlist);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { save, busy } = useSavePlaylist(playlist, onSaved);
  const descriptionId = useId();
  const coverId = useId();

  useEffect(() => {
    if (!open) return;
    setName(playlist?.name ?? '');
    setDescription(playlist?.description ?? '');
    setCover(null);
    setError(null);
  }, [open, playlist]);

  function pickCover(file: File | null) {
    const problem = coverProblem(file);
    setError(problem);
    setCover(problem ? null : file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(MESSAGES.playlistNameRequired);
    const problem = await save({ name: trimmed, description: description.trim(), coverImage: cover });
    if (problem) setError(problem);
    else onClose();
  }

  return (
    <Dialog open={open} title={editing ? 'Edit playlist' : 'Create playlist'} onClose={onClose}>
      <Form onSubmit={submit} noValidate>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus required />
        <Label htmlFor={descriptionId}>
          Description (optional)
          <textarea id={descriptionId} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </Label>
        <Label htmlFor={coverId}>
          Cover image (optional: JPEG, PNG or WebP, up to 2 MB)
          <input id={coverId} type="file" accept={COVER_TYPES.join(',')} onChange={(e) => pickCover(e.target.files?.[0] ?? null)} />
        </Label>
        {error ? <ErrorMessage>{error}</ErrorMessage> : null}
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || busy}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}
