import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { APP_PASSWORD_MAX, APP_PASSWORD_MIN, SUBSONIC_MESSAGES } from '../../../../contract/subsonicMessages';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorMessage } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { errorText, useGetAppPasswordQuery, useRemoveAppPasswordMutation, useSetAppPasswordMutation } from '../subsonicAccessApi';
import type { CurrentPasswordGate } from './CurrentPassword';
import { Buttons, dateOnly, InlineForm, Muted, Part, ShowToggle } from './styles';

export function validateAppPassword(password: string): string | null {
  if (password.length < APP_PASSWORD_MIN) return SUBSONIC_MESSAGES.appPasswordTooShort;
  if (password.length > APP_PASSWORD_MAX) return SUBSONIC_MESSAGES.appPasswordTooLong;
  return null;
}

function RemoveAppPassword() {
  const dispatch = useDispatch();
  const [asking, setAsking] = useState(false);
  const [remove, { isLoading }] = useRemoveAppPasswordMutation();
  const confirm = async () => {
    try {
      await remove().unwrap();
      dispatch(toastShown(SUBSONIC_MESSAGES.appPasswordRemoved, 'success'));
      setAsking(false);
    } catch (error) {
      dispatch(toastShown(errorText(error, 'Could not remove the app password'), 'error'));
    }
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
        Remove app password
      </Button>
      <ConfirmDialog
        open={asking}
        title="Remove the app password?"
        message="Apps that sign in with it stop working until you set a new one. Your API keys keep working."
        confirmLabel="Remove"
        danger
        busy={isLoading}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

function AppPasswordStatus({ status }: { status: ReturnType<typeof useGetAppPasswordQuery> }) {
  if (status.isLoading) return <p>Loading…</p>;
  if (status.isError) return <ErrorMessage>{errorText(status.error, 'Could not read your app password')}</ErrorMessage>;
  return (
    <p aria-live="polite">
      {status.data?.set ? (
        <>
          <strong>App password set</strong>
          {status.data.updatedAt ? ` on ${dateOnly(status.data.updatedAt)}.` : '.'}
        </>
      ) : (
        'No app password yet: set one to sign in from apps that ask for a password.'
      )}
    </p>
  );
}

/**
 * docs/product.md §2.13: one password for Subsonic apps, apart from the account's own (apps keep it,
 * and the classic token sign-in needs the server to read it back).
 */
export function AppPassword({ confirm }: { confirm: CurrentPasswordGate }) {
  const dispatch = useDispatch();
  const status = useGetAppPasswordQuery();
  const [save, saving] = useSetAppPasswordMutation();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = status.data?.set === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateAppPassword(password);
    setProblem(invalid);
    if (invalid) return;
    const currentPassword = confirm.take();
    if (currentPassword === null) return;
    if (password === currentPassword) {
      setProblem(SUBSONIC_MESSAGES.appPasswordIsSignInPassword);
      return;
    }
    try {
      await save({ password, currentPassword }).unwrap();
      setPassword('');
      dispatch(toastShown('App password saved', 'success'));
    } catch (error) {
      const message = errorText(error, 'Could not save the app password');
      if (!confirm.refused(message)) setProblem(message);
    }
  };

  return (
    <Part>
      <h3>App password</h3>
      <AppPasswordStatus status={status} />
      <InlineForm onSubmit={submit} noValidate>
        <TextField
          label={set ? 'New app password' : 'App password'}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem}
        />
        <ShowToggle>
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
          Show the password
        </ShowToggle>
        <Muted>At least {APP_PASSWORD_MIN} characters, apart from your Wavelength password: apps keep it.</Muted>
        <Buttons>
          <Button type="submit" disabled={saving.isLoading}>
            {set ? 'Change app password' : 'Set app password'}
          </Button>
          {set ? <RemoveAppPassword /> : null}
        </Buttons>
      </InlineForm>
    </Part>
  );
}
