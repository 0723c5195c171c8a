import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { authActions, selectAuth } from '../../../shared/session/authSlice';
import { Alert, AuthCard, Form, Links, Notice, onSubmit, TextLink } from '../components/AuthCard';
import { validateLogin, type FieldErrors } from '../validation';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** docs/product.md §2 /auth/login: email and password, links to forgot-password and signup. */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const dispatch = useDispatch();
  const auth = useSelector(selectAuth);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => () => void dispatch(authActions.errorCleared()), [dispatch]);
  // a refused sign-in empties the password (the email stays) so the next try starts clean
  useEffect(() => {
    if (auth.error && submitted) setPassword('');
  }, [auth.error, submitted]);

  const submitting = auth.isLoading && submitted;
  const submit = () => {
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitted(true);
    dispatch(authActions.loginRequested({ email: email.trim(), password }));
  };

  return (
    <AuthCard title="Sign in">
      <Form noValidate onSubmit={onSubmit(submit)} aria-busy={submitting}>
        {notice && !auth.error ? <Notice>{notice}</Notice> : null}
        {auth.error ? <Alert>{auth.error}</Alert> : null}
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={auth.isLoading}>
          Sign in
        </Button>
      </Form>
      <Links>
        <TextLink to="/auth/forgot-password">Forgot password?</TextLink>
        <TextLink to="/auth/signup" state={location.state}>
          Create an account
        </TextLink>
      </Links>
    </AuthCard>
  );
}
