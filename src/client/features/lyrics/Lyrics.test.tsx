import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { takeEvery } from 'redux-saga/effects';
import type { LyricsTrack } from '../../../contract/lyrics';
import { MESSAGES } from '../../../contract/messages';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { initialPlayerState, playerActions, type PlayerState, type PlayerTrack } from '../../shared/player';
import { Lyrics } from './components/Lyrics';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: `Artist ${n}`, url: `/s/${n}`, duration: 200 });

const synced = (lang: string, offsetMs: number, lines: [number, string][]): LyricsTrack => ({
  lang,
  synced: true,
  offsetMs,
  lines: lines.map(([startMs, text]) => ({ startMs, text })),
});
const english = synced('eng', 0, [
  [1000, 'First line'],
  [5000, 'Second line'],
  [9000, 'Third line'],
]);

/** GET /api/songs/:id/lyrics on a fake server: each song's sets, or a status to fail with; records every call. */
function fakeServer(bySong: Record<string, LyricsTrack[] | number>) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    const match = /^\/api\/songs\/([^/]+)\/lyrics$/.exec(path);
    const answer = match ? bySong[decodeURIComponent(match[1])] : undefined;
    if (answer === undefined) return json(404, { success: false, message: MESSAGES.songNotFound });
    if (typeof answer === 'number') return json(answer, { success: false, message: MESSAGES.internalError });
    return json(200, { success: true, songId: match![1], lyrics: answer });
  }) as typeof fetch;
  return { calls };
}

/** Renders the view for a player state, recording every action instead of running the player's sagas. */
function open(player: Partial<PlayerState>) {
  const actions: UnknownAction[] = [];
  const saga = function* record() {
    yield takeEvery('*', (action: UnknownAction) => {
      actions.push(action);
    });
  };
  const result = renderWithProviders(<Lyrics />, {
    preloadedState: { ...signedInState(), player: { ...initialPlayerState, currentTrack: track(1), ...player } },
    saga,
  });
  const seeks = () => actions.filter((a) => a.type === playerActions.seekRequested.type).map((a) => a.payload);
  return { ...result, seeks };
}

const realFetch = global.fetch;
const scrollIntoView = jest.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  global.fetch = realFetch;
  jest.useRealTimers();
});

const currentLine = () => screen.getByTestId('lyrics-lines').querySelector('[aria-current="true"]');

describe('Lyrics view: a synced set', () => {
  it('highlights the line of the current time, moving as the player plays, and keeps it in the middle', async () => {
    fakeServer({ 'song-1': [english] });
    const { store } = open({ currentTime: 0.5 });
    await screen.findByRole('button', { name: 'First line' });
    expect(currentLine()).toBeNull();
    expect(scrollIntoView).not.toHaveBeenCalled();

    act(() => {
      store.dispatch(playerActions.timeUpdated({ currentTime: 1 }));
    });
    expect(screen.getByRole('button', { name: 'First line' })).toHaveAttribute('aria-current', 'true');
    act(() => {
      store.dispatch(playerActions.timeUpdated({ currentTime: 5.2 }));
    });
    expect(screen.getByRole('button', { name: 'Second line' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'First line' })).not.toHaveAttribute('aria-current');
    expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'center', behavior: 'smooth' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(screen.getByRole('button', { name: 'Second line' }));
  });

  it('scrolls without animation when the user prefers reduced motion', async () => {
    fakeServer({ 'song-1': [english] });
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      open({ currentTime: 6 });
      await screen.findByRole('button', { name: 'Second line' });
      expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'center', behavior: 'auto' });
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('a click or Enter on a line seeks to it, the set’s offset applied', async () => {
    fakeServer({
      'song-1': [
        synced('eng', 250, [
          [1000, 'First line'],
          [12_500, 'Second line'],
        ]),
      ],
    });
    const user = userEvent.setup();
    const { seeks } = open({ currentTime: 0 });
    await user.click(await screen.findByRole('button', { name: 'Second line' }));
    expect(seeks()).toEqual([{ seconds: 12.25 }]);

    act(() => screen.getByRole('button', { name: 'First line' }).focus());
    await user.keyboard('{Enter}');
    expect(seeks()).toEqual([{ seconds: 12.25 }, { seconds: 0.75 }]);
  });

  it('is one Tab stop, the current line: ↑/↓, Home and End move between the lines', async () => {
    fakeServer({ 'song-1': [english] });
    const user = userEvent.setup();
    open({ currentTime: 5 });
    const second = await screen.findByRole('button', { name: 'Second line' });
    const tabbable = () => screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable()).toEqual([second]);

    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Third line' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Third line' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'First line' })).toHaveFocus();
    await user.keyboard('{End}{ArrowUp}');
    expect(second).toHaveFocus();
    expect(tabbable()).toEqual([second]);
  });

  it('a manual scroll pauses the follow for 4 s, then it comes back to the current line', async () => {
    fakeServer({ 'song-1': [english] });
    const { store } = open({ currentTime: 1 });
    await screen.findByRole('button', { name: 'First line' });
    jest.useFakeTimers();
    scrollIntoView.mockClear();

    fireEvent.wheel(screen.getByTestId('lyrics-lines'));
    act(() => {
      store.dispatch(playerActions.timeUpdated({ currentTime: 5 }));
    });
    expect(screen.getByRole('button', { name: 'Second line' })).toHaveAttribute('aria-current', 'true');
    act(() => jest.advanceTimersByTime(3999));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('button', { name: 'Second line' }));

    // a scroll key in the list pauses it too
    scrollIntoView.mockClear();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Second line' }), { key: 'PageDown' });
    act(() => {
      store.dispatch(playerActions.timeUpdated({ currentTime: 9 }));
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(4000));
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('button', { name: 'Third line' }));
  });
});

describe('Lyrics view: radio mode', () => {
  it('follows the station but offers no seek: the lines are not buttons, a click does nothing', async () => {
    fakeServer({ 'song-1': [english] });
    const user = userEvent.setup();
    const { seeks, store } = open({ currentTime: 5.5, source: { kind: 'radio', itemId: 'item-1' } });
    const second = await screen.findByText('Second line');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByTestId('lyrics-lines')).queryAllByRole('button')).toHaveLength(0);
    await user.click(screen.getByText('Third line'));
    expect(seeks()).toEqual([]);
    act(() => {
      store.dispatch(playerActions.timeUpdated({ currentTime: 9.1 }));
    });
    expect(screen.getByText('Third line')).toHaveAttribute('aria-current', 'true');
  });
});

describe('Lyrics view: what the song has', () => {
  it('says exactly "No lyrics" when the song has none', async () => {
    fakeServer({ 'song-1': [] });
    open({});
    expect(await screen.findByText('No lyrics')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows a plain set as text, nothing highlighted or seekable', async () => {
    fakeServer({ 'song-1': [{ lang: 'eng', synced: false, offsetMs: 0, lines: [{ text: 'Just words' }, { text: 'More words' }] }] });
    open({ currentTime: 60 });
    expect(await screen.findByText('Just words')).toBeInTheDocument();
    expect(screen.getByText('More words')).toBeInTheDocument();
    expect(currentLine()).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('offers a labelled language choice when there are several sets, synced first, and shows the chosen one', async () => {
    const french = synced('fra', 0, [[1000, 'Première ligne']]);
    const plain: LyricsTrack = { lang: 'eng', synced: false, offsetMs: 0, lines: [{ text: 'Plain English' }] };
    fakeServer({ 'song-1': [english, french, plain] });
    const user = userEvent.setup();
    open({ currentTime: 2 });
    const choice = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'French', 'English (not synced)']);
    expect(screen.getByRole('button', { name: 'First line' })).toHaveAttribute('aria-current', 'true');

    scrollIntoView.mockClear();
    await user.selectOptions(choice, 'French');
    expect(screen.getByRole('button', { name: 'Première ligne' })).toHaveAttribute('aria-current', 'true');
    expect(scrollIntoView.mock.contexts).toEqual([screen.getByRole('button', { name: 'Première ligne' })]);
    expect(screen.queryByText('First line')).toBeNull();
    await user.selectOptions(choice, 'English (not synced)');
    expect(screen.getByText('Plain English')).toBeInTheDocument();
  });

  it('has no language choice for a single set', async () => {
    fakeServer({ 'song-1': [english] });
    open({});
    await screen.findByRole('button', { name: 'First line' });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows a loading state, then an error with Retry, which reads them again', async () => {
    const server = { 'song-1': 500 as LyricsTrack[] | number };
    const { calls } = fakeServer(server);
    const user = userEvent.setup();
    open({});
    expect(screen.getByRole('status', { name: 'Loading lyrics' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Couldn’t load the lyrics: ${MESSAGES.internalError}`);

    server['song-1'] = [english];
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'First line' })).toBeInTheDocument();
    expect(calls.filter((c) => c === '/api/songs/song-1/lyrics').length).toBeGreaterThanOrEqual(2);
  });

  it('follows the player to the next song, its own lyrics and nothing of the last one', async () => {
    fakeServer({ 'song-1': [english], 'song-2': [] });
    const { store } = open({});
    await screen.findByRole('button', { name: 'First line' });
    act(() => {
      store.dispatch(playerActions.trackReady({ track: track(2), playing: true, source: { kind: 'queue' } }));
    });
    expect(screen.queryByText('First line')).toBeNull();
    expect(await screen.findByText('No lyrics')).toBeInTheDocument();
  });

  it('says so when nothing plays, and asks the server nothing', () => {
    const { calls } = fakeServer({});
    open({ currentTrack: null });
    expect(screen.getByText('Play a song to see its lyrics')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
