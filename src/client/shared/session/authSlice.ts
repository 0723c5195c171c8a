import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '../../../contract/auth';

/** docs/product.md §3 auth state. Starts loading until the bootstrap saga has looked at the stored token. */
export interface AuthState {
  user: PublicUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

const initialState: AuthState = { user: null, isAuthenticated: false, isLoading: true, error: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** No stored token (or an expired one) at start. */
    bootstrapFinishedSignedOut(state, action: PayloadAction<{ error?: string } | undefined>) {
      Object.assign(state, { user: null, isAuthenticated: false, isLoading: false, error: action.payload?.error ?? null });
    },
    loginRequested: {
      reducer(state) {
        state.isLoading = true;
        state.error = null;
      },
      prepare: (payload: { email: string; password: string }) => ({ payload }),
    },
    registerRequested: {
      reducer(state) {
        state.isLoading = true;
        state.error = null;
      },
      prepare: (payload: { username: string; email: string; password: string }) => ({ payload }),
    },
    /** The user is known: after bootstrap, login or registration. */
    authenticated(state, action: PayloadAction<PublicUser>) {
      Object.assign(state, { user: action.payload, isAuthenticated: true, isLoading: false, error: null });
    },
    authFailed(state, action: PayloadAction<string>) {
      Object.assign(state, { user: null, isAuthenticated: false, isLoading: false, error: action.payload });
    },
    userUpdated(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
    },
    logoutRequested() {},
    /** Signed out: after logout (whatever the call answered) or a refresh that failed. */
    signedOut() {
      return { user: null, isAuthenticated: false, isLoading: false, error: null };
    },
    sessionExpired() {
      return { user: null, isAuthenticated: false, isLoading: false, error: null };
    },
    errorCleared(state) {
      state.error = null;
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectIsAdmin: (state) => state.user?.role === 'admin',
    selectIsAuthenticated: (state) => state.isAuthenticated,
  },
});

export const authActions = authSlice.actions;
export const { selectAuth, selectUser, selectIsAdmin, selectIsAuthenticated } = authSlice.selectors;
