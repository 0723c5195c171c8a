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

const audio = (name: string, type = 'audio/flac', bytes = 64) => new File([new Uint8Array(bytes)], name, { type });
const MB = 1024 * 1024;

/** a song list on screen, so the test sees the 'Song' tag refetched */
function SongReader() {
  useSearchSongsQuery({ limit: 10 });
  return null;
}

const jsonAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** the server: GET /api/songs/upload answers its MAX_UPLOAD_MB (when `limits` resolves), GET /api/songs a list */
function renderDialog(limits: Promise<number> = Promise.resolve(200 * 1024 * 1024)) {
  const upload = fakeUploads();
  let songFetches = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/songs/upload') {
      return jsonAnswer({ success: true, maxUploadBytes: await limits });
    }
    songFetches += 1;
    return jsonAnswer({ success: true, songs: [song('Listed')], nextCursor: null });
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

  it("refuses a file over the server's MAX_UPLOAD_MB in the browser, without sending it, even one listed before the limit arrived", async () => {
    let answerLimit!: (bytes: number) => void;
    const { upload } = renderDialog(new Promise((resolve) => (answerLimit = resolve)));
    // listed while the limit is still on its way: waiting, as under the default 200 MB
    await userEvent.upload(screen.getByLabelText('Audio files'), audio('early.flac', 'audio/flac', 2 * MB));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => answerLimit(1.5 * MB));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('File is too large. Maximum file size is 1.5MB.'));
    expect(screen.getByRole('button', { name: 'Choose or drop tracks' })).toHaveAccessibleDescription(/at most 1\.5 MB each/);
    await userEvent.upload(screen.getByLabelText('Audio files'), [audio('too-big.flac', 'audio/flac', 2 * MB), audio('fits.flac', 'audio/flac', MB)]);
    const rows = screen.getAllByTestId('upload-row');
    expect(within(rows[1]).getByRole('alert')).toHaveTextContent('File is too large. Maximum file size is 1.5MB.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload.pending).toHaveLength(1));
    expect(upload.pending[0].request.file.name).toBe('fits.flac');
  });

  it('uses the typed title and artist for the one file to send while a refused file is still listed', async () => {
    const { upload } = renderDialog(Promise.resolve(MB));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose or drop tracks' })).toHaveAccessibleDescription(/at most 1 MB each/));
    await userEvent.upload(screen.getByLabelText('Audio files'), [audio('too-big.flac', 'audio/flac', 2 * MB), audio('good.flac')]);
    expect(screen.getByRole('alert')).toHaveTextContent('File is too large. Maximum file size is 1MB.');
    expect(screen.getByLabelText('Title')).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Title'), 'Typed Title');
    await userEvent.type(screen.getByLabelText('Artist'), 'Typed Artist');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload.pending).toHaveLength(1));
    expect(upload.pending[0].request).toMatchObject({ title: 'Typed Title', artist: 'Typed Artist' });
    expect(upload.pending[0].request.file.name).toBe('good.flac');
  });

  it('shows title and artist as disabled while several files are to be sent, and says why and that typed text is not used', async () => {
    const { upload } = renderDialog();
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('Optional: title and artist replace the tags of a single file; blank uses the tags.');
    await userEvent.type(title, 'Typed Title');
    await userEvent.upload(screen.getByLabelText('Audio files'), [audio('one.flac'), audio('two.flac')]);
    expect(title).toBeDisabled();
    expect(title).toHaveStyle({ borderStyle: 'dashed', cursor: 'not-allowed' });
    const why =
      'Title and artist apply to a single file: the 2 files to upload each keep the title and artist of their tags, so what is typed here is not used.';
    expect(title).toHaveAccessibleDescription(why);
    expect(screen.getByLabelText('Artist')).toHaveAccessibleDescription(why);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload.pending).toHaveLength(2));
    expect(upload.pending.map((p) => p.request.title)).toEqual([undefined, undefined]);
  });
});
