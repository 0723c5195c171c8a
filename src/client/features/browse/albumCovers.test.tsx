import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeIntersectionObserver } from '../../test/fakeIntersectionObserver';
import { mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { ON_SCREEN_SETTLE_MS } from '../../ui/cover/useOnScreenSrc';
import AlbumsPage from './pages/AlbumsPage';
import { fakeGridLayout } from './test/gridEnvironment';
import { albumOf } from './test/fixtures';

const TOTAL = 400;
const cover = (n: number) => `/api/artwork/${String(n).padStart(8, '0')}`;
const albumsRoute = () => ({ success: true, albums: Array.from({ length: TOTAL }, (_, n) => albumOf(n, { artworkUrl: cover(n) })), nextCursor: null });

let api: ReturnType<typeof mockApi>;
let layout: ReturnType<typeof fakeGridLayout>;
let screenWatch: ReturnType<typeof fakeIntersectionObserver>;
beforeEach(() => {
  layout = fakeGridLayout(1000);
  screenWatch = fakeIntersectionObserver();
  api = mockApi({ 'GET /albums': albumsRoute, 'GET /genres': () => ({ success: true, genres: [] }) });
});
afterEach(() => {
  api.restore();
  layout.restore();
  screenWatch.restore();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, ON_SCREEN_SETTLE_MS + 30)));

async function renderGrid() {
  renderWithProviders(
    <Routes>
      <Route path="/albums" element={<AlbumsPage />} />
    </Routes>,
    { route: '/albums', preloadedState: signedInState() },
  );
  const grid = await screen.findByRole('list', { name: 'Albums' });
  const coverOf = (n: number) =>
    within(grid)
      .getByRole('link', { name: new RegExp(`^Album ${n},`) })
      .querySelector('img')!;
  return { grid, coverOf };
}

describe('Album covers in the grid (issue 27)', () => {
  it('asks for no cover of a card that is drawn but not on screen', async () => {
    const { grid, coverOf } = await renderGrid();
    const covers = within(grid).getAllByTestId('artwork');
    expect(covers).toHaveLength(36);
    expect(covers.every((img) => screenWatch.watched(img))).toBe(true);
    await settle();
    expect(covers.filter((img) => img.hasAttribute('src'))).toEqual([]);

    // on screen long enough: asked for; passed by in a fast scroll: never asked for
    act(() => screenWatch.show(coverOf(0)));
    act(() => screenWatch.show(coverOf(1)));
    act(() => screenWatch.hide(coverOf(1)));
    await settle();
    expect(coverOf(0)).toHaveAttribute('src', `${cover(0)}?size=300`);
    expect(coverOf(1)).not.toHaveAttribute('src');
  });

  it('drops the src of a cover scrolled away before it loaded, and keeps one that loaded', async () => {
    const { coverOf } = await renderGrid();
    act(() => {
      screenWatch.show(coverOf(2));
      screenWatch.show(coverOf(3));
    });
    await settle();
    expect(coverOf(2)).toHaveAttribute('src', `${cover(2)}?size=300`);
    fireEvent.load(coverOf(3));
    act(() => {
      screenWatch.hide(coverOf(2));
      screenWatch.hide(coverOf(3));
    });
    expect(coverOf(2)).not.toHaveAttribute('src');
    expect(coverOf(3)).toHaveAttribute('src', `${cover(3)}?size=300`);
    // back on screen: asked for again
    act(() => screenWatch.show(coverOf(2)));
    await settle();
    expect(coverOf(2)).toHaveAttribute('src', `${cover(2)}?size=300`);
  });

  it('cancels the request of a card the grid stops drawing before its cover arrived', async () => {
    const { coverOf } = await renderGrid();
    const first = coverOf(0);
    act(() => screenWatch.show(first));
    await settle();
    expect(first).toHaveAttribute('src');
    act(() => layout.scrollTo(60 * 233));
    await screen.findByRole('link', { name: /^Album 360,/ });
    expect(first.isConnected).toBe(false);
    expect(first).not.toHaveAttribute('src');
    expect(screenWatch.watched(first)).toBe(false);
  });
});
