import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders, signedInState } from '../test/renderWithProviders';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}|${JSON.stringify(location.state)}`}</output>;
}

describe('routes', () => {
  it('sends a visitor to /auth/login and remembers where they were going', async () => {
    renderWithProviders(
      <>
        <AppRoutes />
        <WhereAmI />
      </>,
      { route: '/liked?x=1', preloadedState: { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } } },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login|{"from":{"pathname":"/liked","search":"?x=1","hash":""}}');
  });

  it('shows the shell with the sidebar entries and Free Account to a signed-in user', async () => {
    renderWithProviders(<AppRoutes />, { route: '/', preloadedState: signedInState() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Search', 'Music Box', 'Radio', 'Playlists', 'Liked Songs', 'Settings']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByText('Free Account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'listener' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('a signed-in user who opens an /auth page goes home', async () => {
    renderWithProviders(
      <>
        <AppRoutes />
        <WhereAmI />
      </>,
      { route: '/auth/login', preloadedState: signedInState() },
    );
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByTestId('location').textContent).toMatch(/^\/\|/);
  });

  it('any other path shows the 404 page with Go Back', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  it("shows 'Something Went Wrong' with a Reload Application button", () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('boom');
    }
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
