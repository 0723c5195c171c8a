import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { renderWithProviders, signedInState } from '../test/renderWithProviders';
import { lightTheme } from '../ui/theme';
import { ErrorBoundary } from './ErrorBoundary';
import { appRoutes } from './router';
import { renderAppRouter } from './testAppRouter';

const signedOut = { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } };

describe('routes', () => {
  it('sends a visitor to /auth/login and remembers where they were going', async () => {
    const { router } = renderAppRouter('/liked?x=1', { preloadedState: signedOut });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/liked', search: '?x=1', hash: '' } });
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

  it("a page's render error reaches it through the router, not the router's own error page", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const routes = [{ errorElement: appRoutes[0].errorElement, children: [{ path: '/', element: <Boom /> }] }];
    render(
      <ThemeProvider theme={lightTheme}>
        <ErrorBoundary>
          <RouterProvider router={createMemoryRouter(routes)} />
        </ErrorBoundary>
      </ThemeProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument());
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    spy.mockRestore();
  });
});
