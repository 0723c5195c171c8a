import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { authActions } from '../../../shared/session/authSlice';
import { validateLogin, validateSignup } from '../validation';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';
import SignupPage from './SignupPage';

const signedOut = { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } };

/** Renders a page with dispatch watched (installed before the first input, which re-renders the page with it). */
function renderPage(ui: React.ReactElement, route: string) {
  const result = renderWithProviders(ui, { route, preloadedState: signedOut });
  const dispatch = jest.spyOn(result.store, 'dispatch');
  return { ...result, dispatch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('validation (docs/product.md §5)', () => {
  it('login: email and password required, email format checked', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: 'Enter a valid email address' });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it("signup: all four required, 'Passwords do not match' when they differ", () => {
    expect(validateSignup({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateSignup({ username: 'ada', email: 'a@b.co', password: 'long enough', confirmPassword: 'long enougH' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('the sign-in page', () => {
  it('shows field errors and sends nothing while the form is invalid', () => {
    const { store } = renderPage(<LoginPage />, '/auth/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(store.getState().auth.isLoading).toBe(false);
  });

  it('dispatches loginRequested with the email and password, and disables the button while submitting', () => {
    const { dispatch } = renderPage(<LoginPage />, '/auth/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.test ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(dispatch).toHaveBeenCalledWith(authActions.loginRequested({ email: 'ada@example.test', password: 'secret-pass' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('a refused sign-in empties the password, keeps the email and shows the error', () => {
    const { store } = renderPage(<LoginPage />, '/auth/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not-the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveValue('not-the-password');
    act(() => void store.dispatch(authActions.authFailed('Invalid email or password')));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });

  it('shows the error of the state and links to forgot-password and signup', () => {
    renderWithProviders(<LoginPage />, { route: '/auth/login', preloadedState: { auth: { ...signedOut.auth, error: 'Invalid email or password' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup');
  });
});

describe('the sign-up page', () => {
  it("says 'Passwords do not match' and sends nothing", () => {
    const { store } = renderPage(<SignupPage />, '/auth/signup');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'different!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(store.getState().auth.isLoading).toBe(false);
  });

  it('dispatches registerRequested and disables the button while submitting; links to sign-in', () => {
    const { dispatch } = renderPage(<SignupPage />, '/auth/signup');
    for (const [label, value] of [
      ['Username', 'ada'],
      ['Email', 'ada@example.test'],
      ['Password', 'long enough'],
      ['Confirm password', 'long enough'],
    ]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(dispatch).toHaveBeenCalledWith(authActions.registerRequested({ username: 'ada', email: 'ada@example.test', password: 'long enough' }));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });
});

describe('forgot and reset password', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Check your inbox' with a link back to sign-in", async () => {
    global.fetch = jest.fn(async () => json(200, { success: true })) as typeof fetch;
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/forgot-password', preloadedState: signedOut });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/auth/forgot-password');
    expect(JSON.parse(init.body)).toEqual({ email: 'ada@example.test' });
  });

  it("a failed call says 'Failed to send reset instructions'", async () => {
    global.fetch = jest.fn(async () => json(500, { success: false })) as typeof fetch;
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/forgot-password', preloadedState: signedOut });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset instructions')).toBeInTheDocument();
  });

  it('reset: checks the passwords, sends the token and goes to sign-in with a notice', async () => {
    global.fetch = jest.fn(async () => json(200, { success: true })) as typeof fetch;
    renderWithProviders(
      <Routes>
        <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth/login" element={<LoginPage />} />
      </Routes>,
      { route: '/auth/reset-password?token=abc_DEF-123', preloadedState: signedOut },
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand new pass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand new pasS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand new pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toHaveAttribute('role', 'status');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(init.body)).toEqual({ token: 'abc_DEF-123', password: 'brand new pass' });
  });

  it('reset without a token explains and offers a new link', () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/auth/reset-password', preloadedState: signedOut });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });
});
