import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '../../../../contract/authMessages';
import { MESSAGES } from '../../../../contract/messages';
import type { TransportError } from '../../../api/transport';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useResetPasswordMutation } from '../authApi';
import { Alert, AuthCard, Form, Links, onSubmit, TextLink } from '../components/AuthCard';
import { validateReset, type FieldErrors } from '../validation';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** /auth/reset-password?token=...: the page the reset mail links to. */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirmPassword'>>({});
  const [failure, setFailure] = useState<string | null>(token ? null : AUTH_MESSAGES.resetLinkMissing);
  const [reset, { isLoading }] = useResetPasswordMutation();

  const submit = async () => {
    const found = validateReset({ password, confirmPassword });
    setErrors(found);
    if (Object.keys(found).length || !token) return;
    setFailure(null);
    try {
      await reset({ token, password }).unwrap();
      navigate('/auth/login', { replace: true, state: { notice: AUTH_MESSAGES.passwordChanged } });
    } catch (error) {
      setFailure((error as Partial<TransportError>).message ?? MESSAGES.unknownError);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <Form noValidate onSubmit={onSubmit(() => void submit())} aria-busy={isLoading}>
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Button type="submit" disabled={isLoading || !token}>
          Set new password
        </Button>
      </Form>
      <Links>
        <TextLink to="/auth/forgot-password">Request a new link</TextLink>
        <TextLink to="/auth/login">Back to sign in</TextLink>
      </Links>
    </AuthCard>
  );
}
