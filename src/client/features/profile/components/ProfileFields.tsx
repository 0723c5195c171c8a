import { TextField } from '../../../ui/TextField';
import type { ProfileDraft } from '../profileDraft';

export interface ProfileFieldsProps {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  /** the email differs from the saved one: the current password is asked for */
  emailChanged: boolean;
}

/** Username and email, plus the current password once the email changes (the profile form and the settings page). */
export function ProfileFields({ draft, onChange, emailChanged }: ProfileFieldsProps) {
  return (
    <>
      <TextField label="Username" value={draft.username} autoComplete="username" onChange={(e) => onChange({ ...draft, username: e.target.value })} />
      <TextField label="Email" type="email" value={draft.email} autoComplete="email" onChange={(e) => onChange({ ...draft, email: e.target.value })} />
      {emailChanged ? (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={draft.currentPassword}
          onChange={(e) => onChange({ ...draft, currentPassword: e.target.value })}
        />
      ) : null}
    </>
  );
}
