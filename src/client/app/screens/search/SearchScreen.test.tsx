import { act, fireEvent, screen } from '@testing-library/react';
import { fakeSongsApi, keptToken, song } from '../../../test/fakeSongsApi';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices } from '../../../test/testServices';
import SearchScreen from './SearchScreen';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function renderPage(role: 'user' | 'admin' = 'user', route = '/search') {
  const services = createTestServices({ tokenStore: keptToken() });
  return renderWithProviders(<SearchScreen />, { preloadedState: signedInState(role), services, route });
}

describe("the Search page's Add Track", () => {
  it('shows Add Track to admins only', async () => {
    fakeSongsApi([song(1)]);
    renderPage('user');
    await screen.findByText('Song 1');
    expect(screen.queryByRole('button', { name: 'Add Track' })).not.toBeInTheDocument();
  });

  it("checks the upload in the browser with the product's messages", async () => {
    fakeSongsApi([song(1)]);
    renderPage('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Track' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
  });
});
