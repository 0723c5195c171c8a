import { act, screen, waitFor } from '@testing-library/react';
import { authActions } from '../shared/session';
import { renderAppRouter } from './testAppRouter';

const signedOut = { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } };
const user = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' };

describe('PublicOnly', () => {
  it('after sign-in the user returns to the remembered origin', async () => {
    const { store, where } = renderAppRouter('/liked?sort=new', { preloadedState: signedOut });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(where()).toBe('/auth/login');
    act(() => {
      store.dispatch(authActions.authenticated(user));
    });
    await waitFor(() => expect(where()).toBe('/liked?sort=new'));
  });

  it('without a remembered origin a signed-in user goes home', async () => {
    const { store, where } = renderAppRouter('/auth/signup', { preloadedState: signedOut });
    await screen.findByRole('heading', { name: 'Create your account' });
    act(() => {
      store.dispatch(authActions.authenticated(user));
    });
    await waitFor(() => expect(where()).toBe('/'));
  });
});
