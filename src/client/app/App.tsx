import { Provider, useSelector } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { selectTheme } from '../shared/settings';
import { GlobalStyle } from '../ui/GlobalStyle';
import { themes } from '../ui/theme';
import { ToastHost } from '../ui/toast/ToastHost';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';
import type { AppStore } from './store';

function Themed() {
  const theme = useSelector(selectTheme);
  return (
    <ThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <ToastHost />
      </ErrorBoundary>
    </ThemeProvider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <Themed />
    </Provider>
  );
}
