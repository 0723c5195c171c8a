import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { appSongActions } from '../app/songActions';
import { makeStore, type AppStore, type RootState } from '../app/store';
import type { Services } from '../services';
import { SongActionsProvider } from '../shared/songs';
import { ReachabilityContext } from '../ui/reachabilityContext';
import { lightTheme } from '../ui/theme';
import { createTestServices } from './testServices';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  services?: Services;
  store?: AppStore;
  route?: string;
  /** run the root saga (off by default: component tests drive state directly) */
  runSagas?: boolean;
  /** run this saga instead of the root saga */
  saga?: () => Generator;
}

/** Renders with a real store, theme and router, as the app does. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { preloadedState, services = createTestServices(), route = '/', runSagas = false, saga, ...renderOptions } = options;
  const store = options.store ?? makeStore(services, preloadedState, { runSagas: runSagas || !!saga, saga });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <ReachabilityContext.Provider value={services.reachability}>
          <ThemeProvider theme={lightTheme}>
            <SongActionsProvider value={appSongActions}>
              <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
            </SongActionsProvider>
          </ThemeProvider>
        </ReachabilityContext.Provider>
      </Provider>
    );
  }
  return { store, services, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

export const signedInState = (role: 'user' | 'admin' = 'user'): Partial<RootState> => ({
  auth: {
    user: { id: 'u1', username: role === 'admin' ? 'admin' : 'listener', email: `${role}@example.test`, role, createdAt: '2026-01-01T00:00:00.000Z' },
    isAuthenticated: true,
    isLoading: false,
    error: null,
  },
});
