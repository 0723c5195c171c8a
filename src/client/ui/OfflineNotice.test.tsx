import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { createServerReachability } from '../services/serverReachability';
import { ReachabilityContext } from './reachabilityContext';
import { KEPT_MUSIC_LINK, OFFLINE_MESSAGE, OfflineNotice } from './OfflineNotice';
import { lightTheme } from './theme';

let serverReachability = createServerReachability();

function renderNotice() {
  serverReachability = createServerReachability();
  return render(
    <ReachabilityContext.Provider value={serverReachability}>
      <MemoryRouter>
        <ThemeProvider theme={lightTheme}>
          <OfflineNotice />
        </ThemeProvider>
      </MemoryRouter>
    </ReachabilityContext.Provider>,
  );
}

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

afterEach(() => {
  jest.restoreAllMocks();
});

it('says the app is offline while the browser is, in a polite status region, and goes when it is back', () => {
  renderNotice();
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent('');
  goOffline(true);
  expect(status).toHaveTextContent(OFFLINE_MESSAGE);
  expect(screen.getByRole('status')).toBe(status);
  goOffline(false);
  expect(status).toHaveTextContent('');
  expect(screen.queryByText(/offline/i)).toBeNull();
});

it('starts offline when the browser already is', () => {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  renderNotice();
  expect(screen.getByRole('status')).toHaveTextContent(/you are offline/i);
});

it('says so too when the browser has a network but the server does not answer, with the way to the music kept here', () => {
  renderNotice();
  const status = screen.getByRole('status');
  act(() => serverReachability.set(false));
  expect(status).toHaveTextContent(OFFLINE_MESSAGE);
  expect(screen.getByRole('link', { name: KEPT_MUSIC_LINK })).toHaveAttribute('href', '/kept');
  act(() => serverReachability.set(true));
  expect(status).toHaveTextContent('');
});
