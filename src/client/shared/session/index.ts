export { authActions, authSlice, selectAuth, selectIsAdmin, selectIsAuthenticated, selectUser } from './authSlice';
export type { AuthState } from './authSlice';
export { KEPT_USER_KEY } from './keptUser';
