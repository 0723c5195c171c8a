import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchSongsQuery } from '../../../api/songsApi';
import type { Song } from '../../../../contract/songs';
import type { UploadRequest, UploadService } from '../../../services/uploadService';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices, memoryTokenStore } from '../../../test/testServices';
import { UploadTrackDialog } from './UploadTrackDialog';

const song = (title: string): Song => ({
  id: '00000000-0000-4000-8000-000000000001',
  title,
  artist: 'Tagged Artist',
  duration: 60,
  path: 'a.flac',
  publicUrl: '/api/songs/stream/1',
  createdAt: '2026-01-01T00:00:00.000Z',
});

interface Pending {
  request: UploadRequest;
  progress: (percent: number) => void;
  resolve: (song: Song) => void;
  reject: (error: Error) => void;
}

/** An upload service whose uploads the test moves on by hand. */
function fakeUploads(): UploadService & { pending: Pending[] } {
  const pending: Pending[] = [];
  return {
    pending,
    send: (request, progress) => new Promise<Song>((resolve, reject) => pending.push({ request, progress, resolve, reject })),
  };
}

const audio = (name: string, type = 'audio/flac') => new File([new Uint8Array(64)], name, { type });

/** a song list on screen, so the test sees the 'Song' tag refetched */
function SongReader() {
  useSearchSongsQuery({ limit: 10 });
  return null;
}

function renderDialog() {
  const upload = fakeUploads();
  let songFetches = 0;
  global.fetch = jest.fn(async () => {
    songFetches += 1;
    return new Response(JSON.stringify({ success: true, songs: [song('Listed')], nextCursor: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const services = createTestServices({ tokenStore: memoryTokenStore('t'), upload });
  const onClose = jest.fn();
  renderWithProviders(
    <>
      <SongReader />
      <UploadTrackDialog open onClose={onClose} />
    </>,
    { preloadedState: signedInState('admin'), services },
  );
  return { upload, onClose, songFetches: () => songFetches };
}

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

describe('UploadTrackDialog', () => {
  it('uploads several files two at a time, each with its own progress bar and result, then refetches songs', async () => {
    const { upload, songFetches } = renderDialog();
    await waitFor(() => expect(songFetches()).toBe(1));
    await userEvent.upload(screen.getByLabelText('Audio files'), [audio('one.flac'), audio('two.m4a', 'audio/mp4'), audio('three.aiff', '')]);
    expect(screen.getAllByTestId('upload-row')).toHaveLength(3);
    expect(screen.getByLabelText('Title')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(upload.pending).toHaveLength(2));
    expect(upload.pending.map((p) => p.request.file.name)).toEqual(['one.flac', 'two.m4a']);
    expect(upload.pending[0].request.title).toBeUndefined();
    act(() => upload.pending[0].progress(40));
    expect(screen.getByRole('progressbar', { name: 'Upload of one.flac' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('progressbar', { name: 'Upload of three.aiff' })).toHaveAttribute('aria-valuenow', '0');

    await act(async () => upload.pending[0].resolve(song('One From Tags')));
    await waitFor(() => expect(upload.pending).toHaveLength(3));
    await act(async () => upload.pending[1].reject(new Error('File is too large. Maximum file size is 200MB.')));
    expect(songFetches()).toBe(1);
    await act(async () => upload.pending[2].resolve(song('Three From Tags')));

    const rows = screen.getAllByTestId('upload-row');
    expect(within(rows[0]).getByText('"One From Tags" added')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('alert')).toHaveTextContent('File is too large. Maximum file size is 200MB.');
    expect(within(rows[2]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await waitFor(() => expect(songFetches()).toBe(2));
    // a failure keeps the dialog open with its message
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('takes files dropped on the drop zone, and opens the picker from the keyboard', async () => {
    renderDialog();
    const zone = screen.getByRole('button', { name: 'Choose or drop tracks' });
    expect(zone).toHaveAttribute('tabindex', '0');
    fireEvent.drop(zone, { dataTransfer: { files: [audio('dropped.opus', 'audio/ogg')] } });
    expect(screen.getByRole('progressbar', { name: 'Upload of dropped.opus' })).toBeInTheDocument();
    const click = jest.spyOn(screen.getByLabelText('Audio files'), 'click');
    zone.focus();
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('sends a lone file with the typed title and artist, and closes when it is in', async () => {
    const { upload, onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Title'), 'Typed Title');
    await userEvent.type(screen.getByLabelText('Artist'), 'Typed Artist');
    await userEvent.upload(screen.getByLabelText('Audio files'), audio('lone.wav', 'audio/wav'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload.pending).toHaveLength(1));
    expect(upload.pending[0].request).toMatchObject({ title: 'Typed Title', artist: 'Typed Artist' });
    await act(async () => upload.pending[0].resolve(song('Typed Title')));
    expect(screen.getByText('"Typed Title" added')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
  });

  it('refuses a file that is not audio in the browser, without sending it', async () => {
    const { upload } = renderDialog();
    await userEvent.upload(screen.getByLabelText('Audio files'), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(upload.pending).toHaveLength(0);
  });
});
