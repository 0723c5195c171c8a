import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Services } from '../services';
import { SongActionsProvider } from '../shared/songs';
import { createTestServices } from '../test/testServices';
import { lightTheme } from '../ui/theme';
import { createGuardedHistory } from './navigation/guardedHistory';
import { NavigationGuardContext } from './navigation/NavigationGuard';
import { routes as appRoutes } from './router';
import { appSongActions } from './songActions';
import { makeStore, type RootState } from './store';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Tests: the app's routes (or `routes`) behind the app's guarded history, in memory; `history`
 * tells where the app is (history.location).
 */
export function renderAppRouter(route: string, options: { preloadedState?: Partial<RootState>; services?: Services; routes?: RouteObject[] } = {}) {
  const services = options.services ?? createTestServices();
  const store = makeStore(services, options.preloadedState, { runSagas: false });
  const guarded = createGuardedHistory(UNSAFE_createMemoryHistory({ initialEntries: [route], v5Compat: true }));
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={lightTheme}>
        <SongActionsProvider value={appSongActions}>
          <HistoryRouter history={guarded.history}>
            <NavigationGuardContext.Provider value={guarded}>
              <Routes routes={options.routes ?? appRoutes} />
            </NavigationGuardContext.Provider>
          </HistoryRouter>
        </SongActionsProvider>
      </ThemeProvider>
    </Provider>,
  );
  const { history } = guarded;
  const where = () => `${history.location.pathname}${history.location.search}`;
  return { ...view, store, services, history, where };
}
