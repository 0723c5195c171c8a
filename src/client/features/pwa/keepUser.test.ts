import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { PublicUser } from '../../../contract/auth';
import { authActions, authSlice, KEPT_USER_KEY } from '../../shared/session';
import { createLocalStorageStore } from '../../services/storage';
import { keepSignedInUser } from './keepUser';

const user: PublicUser = { id: 'u1', username: 'ada', email: 'ada@example.test', role: 'user', createdAt: '2026-01-01T00:00:00.000Z' };
const makeAuthStore = () => configureStore({ reducer: combineReducers({ [authSlice.name]: authSlice.reducer }) });

afterEach(() => localStorage.clear());

it('keeps the signed-in user, and forgets them at sign-out', () => {
  const store = makeAuthStore();
  keepSignedInUser(store, createLocalStorageStore());
  expect(localStorage.getItem(KEPT_USER_KEY)).toBeNull();
  store.dispatch(authActions.authenticated(user));
  expect(JSON.parse(localStorage.getItem(KEPT_USER_KEY)!)).toEqual(user);
  store.dispatch(authActions.signedOut());
  expect(localStorage.getItem(KEPT_USER_KEY)).toBeNull();
});

it('keeps the kept user while the session is still being checked, and drops it when the check signs out', () => {
  localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
  const store = makeAuthStore();
  keepSignedInUser(store, createLocalStorageStore());
  expect(localStorage.getItem(KEPT_USER_KEY)).not.toBeNull();
  store.dispatch(authActions.bootstrapFinishedSignedOut());
  expect(localStorage.getItem(KEPT_USER_KEY)).toBeNull();
});

it('picks up a user signed in before it started', () => {
  const store = makeAuthStore();
  store.dispatch(authActions.authenticated(user));
  keepSignedInUser(store, createLocalStorageStore());
  expect(JSON.parse(localStorage.getItem(KEPT_USER_KEY)!)).toEqual(user);
});
