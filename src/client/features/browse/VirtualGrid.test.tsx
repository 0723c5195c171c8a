import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../ui/theme';
import { gridLayout, visibleRows } from './components/gridWindow';
import { VirtualGrid } from './components/VirtualGrid';
import { fakeGridLayout } from './test/gridEnvironment';

const items = (n: number) => Array.from({ length: n }, (_, i) => `item-${i}`);
const drawn = () => screen.getAllByRole('listitem').map((li) => li.textContent);

function renderGrid(list: string[], props: { hasMore?: boolean; onEndReached?: () => void } = {}) {
  return render(
    <ThemeProvider theme={lightTheme}>
      <VirtualGrid items={list} keyOf={(s) => s} renderItem={(s) => <span>{s}</span>} aria-label="Things" {...props} />
    </ThemeProvider>,
  );
}

describe('grid arithmetic', () => {
  it('fits as many columns as the width allows and makes a row a square plus its caption', () => {
    expect(gridLayout(1000, 150, 16, 64)).toEqual({ columns: 6, columnWidth: (1000 - 5 * 16) / 6, rowHeight: 233 });
    expect(gridLayout(328, 150, 16, 64).columns).toBe(2);
    expect(gridLayout(100, 150, 16, 64).columns).toBe(1);
  });

  it('draws the rows meeting the viewport and the overscan around them, within the grid', () => {
    expect(visibleRows(0, 768, 233, 834, 2)).toEqual({ start: 0, end: 6 });
    expect(visibleRows(23_300, 768, 233, 834, 2)).toEqual({ start: 98, end: 106 });
    // the grid starts 500 px down: 268 px of it show, 2 rows, plus the overscan
    expect(visibleRows(-500, 768, 233, 834, 2)).toEqual({ start: 0, end: 4 });
    // scrolled past the grid: nothing of it to draw
    expect(visibleRows(1_000_000, 768, 233, 834, 2)).toEqual({ start: 834, end: 834 });
  });
});

describe('VirtualGrid', () => {
  let layout: ReturnType<typeof fakeGridLayout>;
  beforeEach(() => {
    layout = fakeGridLayout(1000);
  });
  afterEach(() => layout.restore());

  it('renders only the visible rows of 5,000 items, and later ones as it scrolls', async () => {
    renderGrid(items(5000));
    // 6 columns; 768 px of window show 4 rows of 233 px, plus 2 rows of overscan
    expect(drawn()).toHaveLength(36);
    expect(drawn()[0]).toBe('item-0');
    expect(screen.getByTestId('virtual-grid').style.height).toBe(`${834 * 233 - 16}px`);

    act(() => layout.scrollTo(100 * 233));
    await waitFor(() => expect(drawn()[0]).toBe(`item-${98 * 6}`));
    expect(drawn()).toHaveLength(8 * 6);
    expect(drawn().at(-1)).toBe(`item-${106 * 6 - 1}`);
    expect(screen.queryByText('item-0')).toBeNull();
  });

  it('places each card at its row and column', () => {
    renderGrid(items(20));
    const seventh = screen.getByText('item-7').parentElement!;
    expect(seventh.style.transform).toBe(`translate(${(1000 - 80) / 6 + 16}px, 233px)`);
    expect(seventh).toHaveAttribute('aria-posinset', '8');
  });

  it('asks for the next page only when the end comes near', async () => {
    const onEndReached = jest.fn();
    renderGrid(items(120), { hasMore: true, onEndReached });
    expect(onEndReached).not.toHaveBeenCalled();
    act(() => layout.scrollTo(15 * 233));
    await waitFor(() => expect(onEndReached).toHaveBeenCalled(), { timeout: 5_000 });
  });

  it('asks for nothing more when the server has no more', async () => {
    const onEndReached = jest.fn();
    renderGrid(items(120), { hasMore: false, onEndReached });
    act(() => layout.scrollTo(15 * 233));
    await waitFor(() => expect(screen.getByText('item-119')).toBeInTheDocument());
    expect(onEndReached).not.toHaveBeenCalled();
  });
});
