import { useState } from 'react';
import { Provider, useSelector } from 'react-redux';
import { UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { selectTheme } from '../shared/settings';
import { GlobalStyle } from '../ui/GlobalStyle';
import { themes } from '../ui/theme';
import { ToastHost } from '../ui/toast/ToastHost';
import { ErrorBoundary } from './ErrorBoundary';
import { createGuardedHistory } from './navigation/guardedHistory';
import { NavigationGuardContext } from './navigation/NavigationGuard';
import { AppRoutes } from './router';
import type { Services } from '../services';
import { ReachabilityContext } from '../ui/reachabilityContext';
import type { AppStore } from './store';

function Themed() {
  const theme = useSelector(selectTheme);
  const [guarded] = useState(() => createGuardedHistory(UNSAFE_createBrowserHistory({ v5Compat: true })));
  return (
    <ThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      <ErrorBoundary>
        <HistoryRouter history={guarded.history}>
          <NavigationGuardContext.Provider value={guarded}>
            <AppRoutes />
          </NavigationGuardContext.Provider>
        </HistoryRouter>
        <ToastHost />
      </ErrorBoundary>
    </ThemeProvider>
  );
}

export function App({ store, services }: { store: AppStore; services: Pick<Services, 'reachability'> }) {
  return (
    <Provider store={store}>
      <ReachabilityContext.Provider value={services.reachability}>
        <Themed />
      </ReachabilityContext.Provider>
    </Provider>
  );
}
