import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { authActions } from '../shared/session';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppRoutes } from './router';

const signedOut = { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } };
const user = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' };

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('PublicOnly', () => {
  it('after sign-in the user returns to the remembered origin', async () => {
    const { store } = renderWithProviders(
      <>
        <AppRoutes />
        <WhereAmI />
      </>,
      { route: '/liked?sort=new', preloadedState: signedOut },
    );
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByTestId('where').textContent).toBe('/auth/login');
    act(() => {
      store.dispatch(authActions.authenticated(user));
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/liked?sort=new'));
  });

  it('without a remembered origin a signed-in user goes home', async () => {
    const { store } = renderWithProviders(
      <>
        <AppRoutes />
        <WhereAmI />
      </>,
      { route: '/auth/signup', preloadedState: signedOut },
    );
    await screen.findByRole('heading', { name: 'Create your account' });
    act(() => {
      store.dispatch(authActions.authenticated(user));
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});
