import { render } from '@testing-library/react';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

function Titled({ page }: { page?: string | null }) {
  useDocumentTitle(page);
  return null;
}

describe('useDocumentTitle', () => {
  it('names the tab "<page> · Wavelength" and follows a change of page', () => {
    const { rerender } = render(<Titled page="Search" />);
    expect(document.title).toBe('Search · Wavelength');
    rerender(<Titled page="Road trip" />);
    expect(document.title).toBe('Road trip · Wavelength');
  });

  it('says only the app name while the page has no name yet', () => {
    render(<Titled page={undefined} />);
    expect(document.title).toBe('Wavelength');
    expect(documentTitle(null)).toBe('Wavelength');
  });
});
