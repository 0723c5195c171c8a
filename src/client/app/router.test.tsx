import { screen } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../test/renderWithProviders';
import { ErrorBoundary } from './ErrorBoundary';
import { renderAppRouter } from './testAppRouter';

const signedOut = { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } };

describe('routes', () => {
  it('sends a visitor to /auth/login and remembers where they were going', async () => {
    const { history } = renderAppRouter('/liked?x=1', { preloadedState: signedOut });
    // the sign-in page is a lazy chunk too: on a busy machine its import can outlast the default second
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/auth/login');
    expect(history.location.state).toEqual({ from: { pathname: '/liked', search: '?x=1', hash: '' } });
  });

  it('shows the shell with the sidebar entries and Free Account to a signed-in user', async () => {
    renderAppRouter('/', { preloadedState: signedInState() });
    // the shell is a lazy chunk: the first test to need it waits for its import
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5_000 });
    for (const name of ['Home', 'Search', 'Music Box', 'Radio', 'Playlists', 'Liked Songs', 'Settings']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByText('Free Account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'listener' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('a signed-in user who opens an /auth page goes home', async () => {
    const { where } = renderAppRouter('/auth/login', { preloadedState: signedInState() });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(where()).toBe('/');
  });

  it('any other path shows the 404 page with Go Back', async () => {
    renderAppRouter('/no/such/page', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  function Boom(): never {
    throw new Error('boom');
  }

  it("shows 'Something Went Wrong' with a Reload Application button", () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
