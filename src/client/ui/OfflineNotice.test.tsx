import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { OFFLINE_MESSAGE, OfflineNotice } from './OfflineNotice';
import { lightTheme } from './theme';

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

afterEach(() => jest.restoreAllMocks());

it('says the app is offline while the browser is, in a polite status region, and goes when it is back', () => {
  render(
    <ThemeProvider theme={lightTheme}>
      <OfflineNotice />
    </ThemeProvider>,
  );
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
  render(
    <ThemeProvider theme={lightTheme}>
      <OfflineNotice />
    </ThemeProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent(/you are offline/i);
});
