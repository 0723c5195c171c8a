import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import type { Song } from '../../../../contract/songs';
import type { Services } from '../../../services';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { songsApi } from '../../../api/songsApi';
import { checkUpload, uploadTrack } from '../uploadTrack';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
const FileLabel = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-weight: 600;
  font-size: 0.9rem;
  input {
    font-weight: 400;
  }
`;
const Bar = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;
const Fill = styled.div<{ $percent: number }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme }) => theme.color.accent};
  transition: width 0.15s;
`;
const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;
const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.85rem;
`;

const ADDED_VISIBLE_MS = 800;

export interface UploadTrackDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded?: (song: Song) => void;
}

/** The form's state and its submit: checks first, then the upload; the dialog closes a moment after it is done. */
function useTrackUploadForm(onClose: () => void, onUploaded?: (song: Song) => void) {
  const dispatch = useDispatch<ThunkDispatch<unknown, Services, UnknownAction>>();
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [added, setAdded] = useState<Song | null>(null);
  const uploading = progress !== null && error === null && added === null;

  const reset = () => {
    setTitle('');
    setArtist('');
    setFile(null);
    setError(null);
    setProgress(null);
    setAdded(null);
  };
  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkUpload({ title, artist, file });
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const song = await dispatch(uploadTrack({ title, artist, file }, setProgress));
      dispatch(songsApi.util.invalidateTags(['Song']));
      dispatch(toastShown(`Added "${song.title}"`, 'success'));
      onUploaded?.(song);
      // the full bar stays a moment, so the end of the upload is seen
      setProgress(100);
      setAdded(song);
      setTimeout(() => {
        reset();
        onClose();
      }, ADDED_VISIBLE_MS);
    } catch (failure) {
      setError((failure as Error).message);
      setProgress(null);
    }
  };
  return { title, setTitle, artist, setArtist, setFile, error, progress, added, uploading, close, submit };
}

function UploadProgress({ progress, added }: { progress: number; added: Song | null }) {
  return (
    <div>
      <Bar role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <Fill $percent={progress} />
      </Bar>
      <Hint aria-live="polite">{added ? `100 % · "${added.title}" added` : `${progress} %`}</Hint>
    </div>
  );
}

/** Admins add a track: docs/product.md §5's checks first, then an upload with a real progress bar. */
export function UploadTrackDialog({ open, onClose, onUploaded }: UploadTrackDialogProps) {
  const form = useTrackUploadForm(onClose, onUploaded);
  const { uploading } = form;
  return (
    <Dialog open={open} title="Add Track" onClose={form.close}>
      <Form onSubmit={form.submit} noValidate>
        <TextField label="Title" value={form.title} onChange={(e) => form.setTitle(e.target.value)} disabled={uploading} maxLength={200} />
        <TextField label="Artist" value={form.artist} onChange={(e) => form.setArtist(e.target.value)} disabled={uploading} maxLength={200} />
        <FileLabel>
          Audio file
          <input
            type="file"
            accept=".mp3,.ogg,.wav,audio/mpeg,audio/ogg,audio/wav"
            disabled={uploading}
            onChange={(e) => form.setFile(e.target.files?.[0] ?? null)}
          />
        </FileLabel>
        <Hint>MP3, OGG or WAV, at most 5 MB.</Hint>
        {form.progress !== null ? <UploadProgress progress={form.progress} added={form.added} /> : null}
        {form.error ? <ErrorMessage>{form.error}</ErrorMessage> : null}
        <Row>
          <Button type="button" $variant="secondary" onClick={form.close} disabled={uploading}>
            Cancel
          </Button>
          <Button type="submit" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Upload'}
          </Button>
        </Row>
      </Form>
    </Dialog>
  );
}
