import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/Page';
import { toastShown } from '../../../ui/toast/toastSlice';
import { authActions, selectUser } from '../../../shared/session';
import { useUpdateProfileMutation } from '../profileApi';
import { validateProfile, type ProfileDraft } from '../profileDraft';
import { ProfileFields } from './ProfileFields';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 480px;
`;
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Saves a profile draft through PUT /api/profile; resolves to an error message, or null when saved. */
export function useSaveProfile() {
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const [update, { isLoading }] = useUpdateProfileMutation();
  async function save(draft: ProfileDraft): Promise<string | null> {
    if (!user) return 'Authentication required';
    const problem = validateProfile(draft, user);
    if (problem) return problem;
    const body: { username?: string; email?: string; currentPassword?: string } = {};
    if (draft.username.trim() !== user.username) body.username = draft.username.trim();
    if (draft.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      body.email = draft.email.trim();
      body.currentPassword = draft.currentPassword;
    }
    if (!body.username && !body.email) return null;
    try {
      const result = await update(body).unwrap();
      dispatch(authActions.userUpdated(result.user));
      dispatch(toastShown('Profile updated', 'success'));
      return null;
    } catch (error) {
      return (error as { message?: string }).message ?? 'Failed to update profile';
    }
  }
  return { save, saving: isLoading };
}

/** The edit form of the profile page: username and email (which needs the current password). */
export function ProfileForm({ onDone }: { onDone?: () => void }) {
  const user = useSelector(selectUser);
  const [draft, setDraft] = useState<ProfileDraft>({ username: '', email: '', currentPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const { save, saving } = useSaveProfile();
  useEffect(() => {
    if (user) setDraft({ username: user.username, email: user.email, currentPassword: '' });
  }, [user]);
  if (!user) return null;
  const emailChanged = draft.email.trim().toLowerCase() !== user.email.toLowerCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = await save(draft);
    setError(problem);
    if (!problem) {
      setDraft((d) => ({ ...d, currentPassword: '' }));
      onDone?.();
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Edit profile">
      <ProfileFields draft={draft} onChange={setDraft} emailChanged={emailChanged} />
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <Actions>
        <Button type="submit" disabled={saving}>
          Save profile
        </Button>
        {onDone ? (
          <Button type="button" $variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </Actions>
    </Form>
  );
}
