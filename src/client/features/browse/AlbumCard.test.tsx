import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../ui/theme';
import { AlbumCard } from './components/AlbumCard';
import { albumOf } from './test/fixtures';

/** what axe compares (label-content-name-mismatch): lower case, no punctuation, single spaces */
const curated = (text: string) =>
  text
    .toLowerCase()
    .replace(/[,.:;!?'"()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function renderCard(over: Parameters<typeof albumOf>[1] = {}) {
  render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter>
        <AlbumCard album={albumOf(3, { name: 'Harbour Lights', albumArtist: 'The Tidal Quartet', year: 1999, ...over })} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return screen.getByTestId('album-card');
}

describe('AlbumCard accessible name (WCAG 2.5.3)', () => {
  it('contains the text the card shows, in the order shown', () => {
    const card = renderCard();
    expect(card).toHaveTextContent('Harbour Lights The Tidal Quartet · 1999');
    expect(screen.getByRole('link', { name: 'Harbour Lights, The Tidal Quartet · 1999' })).toBe(card);
    expect(curated(card.getAttribute('aria-label') ?? '')).toContain(curated(card.textContent ?? ''));
  });

  it('contains it without a year too', () => {
    const card = renderCard({ year: null });
    expect(curated(screen.getByRole('link').getAttribute('aria-label') ?? '')).toContain(curated(card.textContent ?? ''));
    expect(screen.getByRole('link', { name: 'Harbour Lights, The Tidal Quartet' })).toBe(card);
  });
});
