import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Song } from '../../../../contract/songs';
import { playerActions, toPlayerTrack } from '../../../shared/player';
import { mockApi } from '../../../test/mockApi';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { TopSearch } from './TopSearch';

const song = (n: number, title: string): Song =>
  ({ id: `song-${n}`, title, artist: `Artist ${n}`, duration: 60 + n, publicUrl: `/s/${n}`, createdAt: '2026-01-01T00:00:00.000Z' }) as Song;
const songs = [song(1, 'Tram Lines'), song(2, 'Tram Stop'), song(3, 'Tramway')];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({ 'GET /songs': () => ({ success: true, songs, nextCursor: null }), 'GET /liked-songs/ids': () => ({ success: true, songIds: [] }) });
});
afterEach(() => api.restore());
// jsdom lays nothing out; the browser scrolls the active option into view
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

async function openResults(rendered?: ReturnType<typeof renderWithProviders>) {
  const { store } = rendered ?? renderWithProviders(<TopSearch />, { preloadedState: signedInState() });
  const box = screen.getByRole('combobox', { name: 'Search songs' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: 'tram' } });
  const listbox = await screen.findByRole('listbox');
  return { store, box, listbox, options: within(listbox).getAllByRole('option') };
}

describe('the top search combobox', () => {
  it('is collapsed until it has results, then controls its listbox of songs', async () => {
    const rendered = renderWithProviders(<TopSearch />, { preloadedState: signedInState() });
    expect(screen.getByRole('combobox', { name: 'Search songs' })).toHaveAttribute('aria-expanded', 'false');
    const { box, listbox, options } = await openResults(rendered);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(options.map((o) => o.textContent)).toEqual(['Tram LinesArtist 11:01', 'Tram StopArtist 21:02', 'TramwayArtist 31:03']);
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('moves the active option with the arrows, wrapping round, and keeps focus in the box', async () => {
    const { box, options } = await openResults();
    act(() => box.focus());
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(active()).toBe(options[0]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(active()).toBe(options[1]);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(active()).toBe(options[2]);
    expect(document.activeElement).toBe(box);
  });

  it('plays the active option on Enter, queueing the results the way every list plays', async () => {
    const { store, box } = await openResults();
    const dispatch = jest.spyOn(store, 'dispatch');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(dispatch).toHaveBeenCalledWith(playerActions.playAllRequested({ tracks: songs.map(toPlayerTrack), startIndex: 1, source: 'search' }));
  });

  it('closes on Escape, keeping the text', async () => {
    const { box } = await openResults();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('tram');
  });

  it('keeps play, like and add beside each option, outside the listbox', async () => {
    const { listbox } = await openResults();
    expect(within(listbox).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Play Tram Stop' })).toBeInTheDocument();
  });
});
