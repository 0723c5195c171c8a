import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { PublicUser } from '../../../contract/auth';
import { authActions, authSlice } from '../../shared/session';
import { clearKeptOnSignOut } from './clearKeptOnSignOut';

const ada: PublicUser = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user', createdAt: '2026-01-01T00:00:00.000Z' };
const bob: PublicUser = { ...ada, id: 'u2', username: 'bob', email: 'bob@example.test' };
const makeAuthStore = () => configureStore({ reducer: combineReducers({ [authSlice.name]: authSlice.reducer }) });

it('removes the kept music when the signed-in user signs out, not when the app starts signed out', () => {
  const store = makeAuthStore();
  const clear = jest.fn().mockResolvedValue(undefined);
  clearKeptOnSignOut(store, clear, () => 'u1');
  store.dispatch(authActions.bootstrapFinishedSignedOut());
  expect(clear).not.toHaveBeenCalled();
  store.dispatch(authActions.authenticated(ada));
  expect(clear).not.toHaveBeenCalled();
  store.dispatch(authActions.signedOut());
  expect(clear).toHaveBeenCalledTimes(1);
});

it('removes music another user kept when someone else signs in', () => {
  const store = makeAuthStore();
  const clear = jest.fn().mockResolvedValue(undefined);
  let owner: string | null = 'u1';
  clearKeptOnSignOut(
    store,
    clear.mockImplementation(async () => void (owner = null)),
    () => owner,
  );
  store.dispatch(authActions.authenticated(bob));
  expect(clear).toHaveBeenCalledTimes(1);
  store.dispatch(authActions.userUpdated(bob));
  expect(clear).toHaveBeenCalledTimes(1);
});
