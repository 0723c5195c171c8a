import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuth } from '../shared/session';
import { PageSpinner } from '../ui/Spinner';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Visitors go to /auth/login; where they were going is remembered in the location state. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useSelector(selectAuth);
  const location = useLocation();
  if (isLoading) {
    return <PageSpinner label="Signing you in" />;
  }
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/auth/login" replace state={{ from } satisfies FromState} />;
  }
  return <>{children}</>;
}

/** A signed-in user who opens an /auth page goes home, or back to the remembered origin right after signing in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSelector(selectAuth);
  const location = useLocation();
  if (isAuthenticated) {
    const from = (location.state as FromState | null)?.from;
    const back = from?.pathname && !from.pathname.startsWith('/auth/') ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
    return <Navigate to={back} replace />;
  }
  return <>{children}</>;
}
