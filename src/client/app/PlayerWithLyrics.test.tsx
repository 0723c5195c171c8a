import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Link } from 'react-router-dom';
import { takeEvery } from 'redux-saga/effects';
import type { LyricsTrack } from '../../contract/lyrics';
import { renderWithProviders, signedInState } from '../test/renderWithProviders';
import { initialPlayerState, type PlayerSource } from '../shared/player';
import { PlayerWithLyrics } from './PlayerWithLyrics';

const lyrics: LyricsTrack = { lang: 'eng', synced: true, offsetMs: 0, lines: [{ startMs: 1000, text: 'Hello there' }] };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const realFetch = global.fetch;
beforeEach(() => {
  Element.prototype.scrollIntoView = () => undefined;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/songs/song-1/lyrics') return json({ success: true, songId: 'song-1', lyrics: [lyrics] });
    return json({ success: true, songIds: [] });
  }) as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

function open(source: PlayerSource = { kind: 'queue' }) {
  const actions: UnknownAction[] = [];
  const saga = function* record() {
    yield takeEvery('*', (action: UnknownAction) => {
      actions.push(action);
    });
  };
  const currentTrack = { id: 'song-1', title: 'Song 1', artist: 'Artist 1', url: '/s/1', duration: 100 };
  renderWithProviders(
    <>
      <Link to="/radio">Radio</Link>
      <PlayerWithLyrics />
    </>,
    { preloadedState: { ...signedInState(), player: { ...initialPlayerState, currentTrack, currentTime: 2, source } }, saga },
  );
  return { actions, user: userEvent.setup() };
}

const lyricsButton = () => within(screen.getByRole('contentinfo', { name: 'Player' })).getByRole('button', { name: 'Lyrics' });

describe('the Lyrics button of the player bar and its panel', () => {
  it('is a toggle button in the player bar: aria-pressed follows the panel it opens and closes', async () => {
    const { user } = open();
    expect(lyricsButton()).toHaveAttribute('aria-pressed', 'false');
    expect(lyricsButton()).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('region', { name: 'Lyrics' })).toBeNull();

    await user.click(lyricsButton());
    expect(lyricsButton()).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Lyrics' });
    expect(lyricsButton()).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveFocus();
    expect(within(panel).getByTestId('lyrics-song')).toHaveTextContent('Song 1 · Artist 1');
    expect(await within(panel).findByRole('button', { name: 'Hello there' })).toHaveAttribute('aria-current', 'true');

    await user.click(lyricsButton());
    expect(lyricsButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Lyrics' })).toBeNull();
  });

  it('works from the keyboard: Enter opens it, Escape in it closes it and gives the focus back', async () => {
    const { user } = open();
    lyricsButton().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Lyrics' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Lyrics' })).toBeNull();
    expect(lyricsButton()).toHaveFocus();
    expect(lyricsButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('closes when the user goes to another page', async () => {
    const { user } = open();
    await user.click(lyricsButton());
    await user.click(screen.getByRole('link', { name: 'Radio' }));
    expect(screen.queryByRole('region', { name: 'Lyrics' })).toBeNull();
  });

  it("in radio mode the focused list's arrow keys scroll it and do not reach the player's volume shortcut", async () => {
    const { user, actions } = open({ kind: 'radio', itemId: 'item-1' });
    await user.click(lyricsButton());
    const list = await screen.findByTestId('lyrics-lines');
    await screen.findByText('Hello there');
    list.focus();
    await user.keyboard('{ArrowDown}{ArrowUp} ');
    expect(actions.map((a) => a.type).filter((t) => t.startsWith('player/'))).toEqual([]);
  });
});
