import { useState } from 'react';
import { AUTH_MESSAGES } from '../../../../contract/authMessages';
import { SUBSONIC_MESSAGES } from '../../../../contract/subsonicMessages';
import { TextField } from '../../../ui/TextField';
import { Muted, Part } from './styles';

const FIELD_ID = 'subsonic-current-password';
/** the server's refusals that are about this field, shown on it rather than on the form that was sent */
const ABOUT_THE_PASSWORD = new Set<string>([
  SUBSONIC_MESSAGES.currentPasswordRequired,
  SUBSONIC_MESSAGES.currentPasswordWrong,
  AUTH_MESSAGES.tooManyFailedSignIns,
]);

/** What the app password and API key forms ask of the account password before they send. */
export interface CurrentPasswordGate {
  /** the password to send, or null after saying on the field that it is needed */
  take(): string | null;
  /** shows a refusal about the password on its field; answers whether the message was one */
  refused(message: string): boolean;
}

export function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const gate: CurrentPasswordGate = {
    take() {
      if (value) {
        setError(null);
        return value;
      }
      setError(SUBSONIC_MESSAGES.currentPasswordRequired);
      document.getElementById(FIELD_ID)?.focus();
      return null;
    },
    refused(message) {
      if (!ABOUT_THE_PASSWORD.has(message)) return false;
      setError(message);
      return true;
    },
  };
  return { value, setValue, error, gate };
}

/**
 * docs/product.md §2.13: setting an app password or making a key asks for the account's password,
 * so a browser left signed in (or a stolen token) cannot hand out access that outlives the session.
 */
export function CurrentPassword({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  return (
    <Part>
      <TextField
        id={FIELD_ID}
        label="Your Wavelength password"
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <Muted>Asked before an app password is set or an API key is made. Resetting your password revokes both.</Muted>
    </Part>
  );
}
