import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../theme';
import { Artwork } from './Artwork';

const renderArtwork = (url: string | null, size?: number) =>
  render(
    <ThemeProvider theme={lightTheme}>
      <Artwork url={url} name="Harbour Lights" thumb={300} size={size} />
    </ThemeProvider>,
  );

describe('Artwork', () => {
  it('draws the thumbnail of the size asked for, lazily, with its size set and no text of its own', () => {
    renderArtwork('/api/artwork/abc123', 120);
    const img = screen.getByTestId('artwork');
    expect(img).toHaveAttribute('src', '/api/artwork/abc123?size=300');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '120');
    expect(img).toHaveAttribute('height', '120');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(screen.queryByTestId('generated-cover')).toBeNull();
  });

  it('draws the generated cover when there is no artwork', () => {
    renderArtwork(null);
    expect(screen.queryByTestId('artwork')).toBeNull();
    expect(screen.getByTestId('generated-cover')).toHaveAttribute('data-cover-name', 'Harbour Lights');
  });

  it('falls back to the generated cover when the picture fails to load, and tries a new URL again', () => {
    const { rerender } = renderArtwork('/api/artwork/gone');
    fireEvent.error(screen.getByTestId('artwork'));
    expect(screen.queryByTestId('artwork')).toBeNull();
    expect(screen.getByTestId('generated-cover')).toBeInTheDocument();
    rerender(
      <ThemeProvider theme={lightTheme}>
        <Artwork url="/api/artwork/fresh" name="Harbour Lights" thumb={300} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('artwork')).toHaveAttribute('src', '/api/artwork/fresh?size=300');
  });
});
