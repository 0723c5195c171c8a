import { useState } from 'react';
import { MESSAGES } from '../../../../contract/messages';
import type { TransportError } from '../../../api/transport';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useForgotPasswordMutation } from '../authApi';
import { Alert, AuthCard, Form, Links, Notice, onSubmit, TextLink } from '../components/AuthCard';
import { validateForgot } from '../validation';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** docs/product.md §2 /auth/forgot-password: email; on success 'Check your inbox' with a link back to sign-in. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [send, { isLoading }] = useForgotPasswordMutation();

  const submit = async () => {
    const found = validateForgot({ email });
    setFieldError(found.email);
    if (found.email) return;
    setFailure(null);
    try {
      await send({ email: email.trim() }).unwrap();
      setSentTo(email.trim());
    } catch (error) {
      // docs/product.md §7: an ok status is expected, else 'Failed to send reset instructions'; a rate limit says how long to wait.
      const e = error as Partial<TransportError>;
      setFailure(e.status === 429 && e.message ? e.message : MESSAGES.resetInstructionsFailed);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={MESSAGES.checkYourInbox}>
        <Notice>If an account uses {sentTo}, a link to choose a new password is on its way. It works once, within one hour.</Notice>
        <Links>
          <TextLink to="/auth/login">Back to sign in</TextLink>
        </Links>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      <Form noValidate onSubmit={onSubmit(() => void submit())} aria-busy={isLoading}>
        <p style={{ margin: 0 }}>Enter the email of your account and we will send you a link to choose a new password.</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} error={fieldError} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" disabled={isLoading}>
          Send reset link
        </Button>
      </Form>
      <Links>
        <TextLink to="/auth/login">Back to sign in</TextLink>
        <TextLink to="/auth/signup">Create an account</TextLink>
      </Links>
    </AuthCard>
  );
}
