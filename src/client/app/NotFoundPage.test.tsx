import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../test/renderWithProviders';
import NotFoundPage from './NotFoundPage';

it('offers Go Back and a Home link that leads to /', () => {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>,
    { route: '/no/such/page' },
  );
  expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  const home = screen.getByRole('link', { name: 'Home' });
  expect(home).toHaveAttribute('href', '/');
  fireEvent.click(home);
  expect(screen.getByText('home page')).toBeInTheDocument();
});
