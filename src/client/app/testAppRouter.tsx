import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Services } from '../services';
import { SongActionsProvider } from '../shared/songs';
import { createTestServices } from '../test/testServices';
import { lightTheme } from '../ui/theme';
import { appRoutes } from './router';
import { appSongActions } from './songActions';
import { makeStore, type RootState } from './store';

/**
 * Tests: the app's routes (or `routes`) in a data router in memory, as App runs them in the
 * browser; the router is returned so a test can read where it is (router.state.location).
 */
export function renderAppRouter(route: string, options: { preloadedState?: Partial<RootState>; services?: Services; routes?: RouteObject[] } = {}) {
  const services = options.services ?? createTestServices();
  const store = makeStore(services, options.preloadedState, { runSagas: false });
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [route] });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={lightTheme}>
        <SongActionsProvider value={appSongActions}>
          <RouterProvider router={router} />
        </SongActionsProvider>
      </ThemeProvider>
    </Provider>,
  );
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, store, services, router, where };
}
