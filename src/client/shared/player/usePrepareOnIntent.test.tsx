import { act, fireEvent, screen } from '@testing-library/react';
import type { Song } from '../../../contract/songs';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { PlayableSongList } from '../songs/PlayableSongList';
import { playerActions } from './playerSlice';
import type { PlayerTrack } from './playerTypes';
import { toPlayerTrack } from './toPlayerTrack';
import { usePrepareOnIntent } from './usePrepareOnIntent';

const track: PlayerTrack = { id: 't1', title: 'Tone', artist: 'Wavelength', url: '/api/songs/stream/t1', duration: 60 };

function PlayButton({ of }: { of: PlayerTrack | (() => PlayerTrack) }) {
  return (
    <button type="button" aria-label="Play Tone" {...usePrepareOnIntent(of)}>
      Play
    </button>
  );
}

/** Renders with the real store and records every action dispatched from then on. */
function setup(ui: () => React.ReactElement, preloadedState = signedInState()) {
  const { store, rerender, unmount } = renderWithProviders(ui(), { preloadedState });
  const dispatched: { type: string; payload?: unknown }[] = [];
  const real = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation(((action: { type: string; payload?: unknown }) => {
    dispatched.push(action);
    return real(action as never);
  }) as never);
  rerender(ui()); // a new element: the hooks take the spied dispatch
  return { store, dispatched, unmount };
}

// jsdom has no PointerEvent: without one an event's pointerType is lost on the way to React.
beforeAll(() => {
  class JsdomPointerEvent extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: JsdomPointerEvent, configurable: true });
});

const hover = (el: Element, pointerType = 'mouse') => fireEvent.pointerOver(el, { pointerType });
const leave = (el: Element, pointerType = 'mouse') => fireEvent.pointerOut(el, { pointerType });

describe('usePrepareOnIntent (docs/product.md §2.14)', () => {
  it('a mouse over the Play control prepares its track, leaving cancels it, and nothing plays', () => {
    const { dispatched } = setup(() => <PlayButton of={track} />);
    const button = screen.getByRole('button', { name: 'Play Tone' });
    hover(button);
    expect(dispatched).toEqual([playerActions.prepareRequested({ track })]);
    leave(button);
    expect(dispatched).toEqual([playerActions.prepareRequested({ track }), playerActions.prepareCancelled({ track })]);
  });

  it('a pen hovers like a mouse; a touch has no hover', () => {
    const { dispatched } = setup(() => <PlayButton of={track} />);
    const button = screen.getByRole('button', { name: 'Play Tone' });
    hover(button, 'touch');
    leave(button, 'touch');
    expect(dispatched).toEqual([]);
    hover(button, 'pen');
    expect(dispatched).toEqual([playerActions.prepareRequested({ track })]);
  });

  it('focus prepares, blur cancels; focus and hover together make one request that lasts while either does', () => {
    const { dispatched } = setup(() => <PlayButton of={() => track} />);
    const button = screen.getByRole('button', { name: 'Play Tone' });
    act(() => button.focus());
    hover(button);
    leave(button);
    expect(dispatched).toEqual([playerActions.prepareRequested({ track })]);
    act(() => button.blur());
    expect(dispatched).toEqual([playerActions.prepareRequested({ track }), playerActions.prepareCancelled({ track })]);
  });

  it('a prepared track still hovered when the control goes away is cancelled', () => {
    const { dispatched, unmount } = setup(() => <PlayButton of={track} />);
    hover(screen.getByRole('button', { name: 'Play Tone' }));
    unmount();
    expect(dispatched).toEqual([playerActions.prepareRequested({ track }), playerActions.prepareCancelled({ track })]);
  });
});

describe('a list prepares the row under the pointer', () => {
  const song = (n: number) =>
    ({
      id: `song-${n}`,
      title: `Song ${n}`,
      artist: 'A',
      duration: 60,
      publicUrl: `/api/songs/stream/song-${n}`,
      createdAt: '2026-01-01T00:00:00.000Z',
    }) as Song;
  const songs = [song(1), song(2)];

  it('hover then click: the row prepares its song, the click plays it, no play is dispatched by the hover', () => {
    const { store, dispatched } = setup(() => <PlayableSongList songs={songs} source="search" />);
    const second = screen.getByRole('button', { name: 'Play Song 2' });
    hover(screen.getByRole('button', { name: 'Play Song 1' }));
    leave(screen.getByRole('button', { name: 'Play Song 1' }));
    hover(second);
    const [one, two] = songs.map(toPlayerTrack);
    expect(dispatched).toEqual([
      playerActions.prepareRequested({ track: one }),
      playerActions.prepareCancelled({ track: one }),
      playerActions.prepareRequested({ track: two }),
    ]);
    fireEvent.click(second);
    expect(dispatched.at(-1)).toEqual(playerActions.playAllRequested({ tracks: [one, two], startIndex: 1, source: 'search' }));
    // what the player sagas do next: the clicked song becomes the current track
    act(() => {
      store.dispatch(playerActions.trackReady({ track: two, playing: true, source: { kind: 'queue' } }));
    });
    // the same button now pauses; leaving it ends the intent (the prepare saga sees the play kept the request)
    leave(screen.getByRole('button', { name: 'Pause Song 2' }));
    expect(dispatched.slice(3)).toEqual([
      playerActions.playAllRequested({ tracks: [one, two], startIndex: 1, source: 'search' }),
      playerActions.trackReady({ track: two, playing: true, source: { kind: 'queue' } }),
      playerActions.prepareCancelled({ track: two }),
    ]);
  });
});
