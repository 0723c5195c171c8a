import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { authActions, selectAuth } from '../../../shared/session/authSlice';
import { Alert, AuthCard, Form, Links, onSubmit, TextLink } from '../components/AuthCard';
import { validateSignup, type FieldErrors } from '../validation';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

/** docs/product.md §2 /auth/signup: username, email, password, confirm password; signs in on success. */
export default function SignupPage() {
  useDocumentTitle('Sign up');
  const dispatch = useDispatch();
  const auth = useSelector(selectAuth);
  const location = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => () => void dispatch(authActions.errorCleared()), [dispatch]);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const submitting = auth.isLoading && submitted;
  const submit = () => {
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitted(true);
    dispatch(authActions.registerRequested({ username: values.username.trim(), email: values.email.trim(), password: values.password }));
  };

  return (
    <AuthCard title="Create your account">
      <Form noValidate onSubmit={onSubmit(submit)} aria-busy={submitting}>
        {auth.error && submitted ? <Alert>{auth.error}</Alert> : null}
        <TextField label="Username" name="username" autoComplete="username" value={values.username} error={errors.username} onChange={set('username')} />
        <TextField label="Email" type="email" name="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <Button type="submit" disabled={submitting}>
          Create account
        </Button>
      </Form>
      <Links>
        <span>
          Already have an account?{' '}
          <TextLink to="/auth/login" state={location.state}>
            Sign in
          </TextLink>
        </span>
      </Links>
    </AuthCard>
  );
}
