import { useState } from 'react';
import { Provider, useSelector } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { selectTheme } from '../shared/settings';
import { GlobalStyle } from '../ui/GlobalStyle';
import { themes } from '../ui/theme';
import { ToastHost } from '../ui/toast/ToastHost';
import { ErrorBoundary } from './ErrorBoundary';
import { createAppRouter } from './router';
import type { AppStore } from './store';

function Themed() {
  const theme = useSelector(selectTheme);
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      <ErrorBoundary>
        <RouterProvider router={router} />
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
