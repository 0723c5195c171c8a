import { useEffect, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import styled from 'styled-components';
import { Button } from '../../../ui/Button';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { TextField } from '../../../ui/TextField';
import { toastShown } from '../../../ui/toast/toastSlice';
import { selectUser } from '../../auth';
import { useSaveProfile, type ProfileDraft } from '../../profile';
import { selectNotifications, selectPrivacy, selectStreaming, selectTheme, settingsActions, type SettingsState } from '../settingsSlice';

const Section = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 { margin: 0 0 ${({ theme }) => theme.space(4)}; font-size: 1.15rem; }
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(3)}; }
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space(2)}; font-weight: 600; }
`;
const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 480px;
`;
const Check = styled.label`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  cursor: pointer;
  input { width: 20px; height: 20px; margin: 2px 0 0; accent-color: ${({ theme }) => theme.color.accent}; }
  small { display: block; color: ${({ theme }) => theme.color.textMuted}; }
`;
const Bar = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} 0;
  background: ${({ theme }) => theme.color.bg};
`;

function Toggle({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Check>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint ? <small>{hint}</small> : null}
      </span>
    </Check>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

/** SPEC §2 Settings, made to work: five sections; Save keeps them (profile through the API), Cancel puts them back. */
export default function SettingsPage() {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const saved: SettingsState = {
    theme: useSelector(selectTheme),
    notifications: useSelector(selectNotifications),
    privacy: useSelector(selectPrivacy),
    streaming: useSelector(selectStreaming),
  };
  const [draft, setDraft] = useState<SettingsState>(saved);
  const [profile, setProfile] = useState<ProfileDraft>({ username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const { save: saveProfile, saving } = useSaveProfile();

  const reset = () => {
    setDraft(saved);
    setProfile({ username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' });
    setError(null);
  };
  // a different user (or a profile saved elsewhere) resets the profile fields
  useEffect(() => {
    setProfile({ username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' });
  }, [user]);

  const emailChanged = Boolean(user) && profile.email.trim().toLowerCase() !== user?.email.toLowerCase();
  const set = <K extends keyof SettingsState>(key: K, value: Partial<SettingsState[K]>) =>
    setDraft((d) => ({ ...d, [key]: typeof value === 'object' ? { ...(d[key] as object), ...value } : value }));

  async function save() {
    const problem = await saveProfile(profile);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    dispatch(settingsActions.saved(draft));
    dispatch(toastShown('Settings saved', 'success'));
  }

  return (
    <Page>
      <PageTitle>Settings</PageTitle>
      <Panel id="settings-profile" title="Profile">
        <Fields>
          <TextField label="Username" value={profile.username} autoComplete="username" onChange={(e) => setProfile({ ...profile, username: e.target.value })} />
          <TextField label="Email" type="email" value={profile.email} autoComplete="email" onChange={(e) => setProfile({ ...profile, email: e.target.value })} />
          {emailChanged ? (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={profile.currentPassword}
              onChange={(e) => setProfile({ ...profile, currentPassword: e.target.value })}
            />
          ) : null}
        </Fields>
      </Panel>

      <Panel id="settings-notifications" title="Notifications">
        <fieldset>
          <legend>Kept in this browser</legend>
          <Toggle label="Email notifications" checked={draft.notifications.emailNotifications} onChange={(v) => set('notifications', { emailNotifications: v })} />
          <Toggle label="Push notifications" checked={draft.notifications.pushNotifications} onChange={(v) => set('notifications', { pushNotifications: v })} />
          <Toggle label="Marketing emails" checked={draft.notifications.marketingEmails} onChange={(v) => set('notifications', { marketingEmails: v })} />
        </fieldset>
      </Panel>

      <Panel id="settings-privacy" title="Privacy">
        <fieldset>
          <legend>Your listening</legend>
          <Toggle
            label="Record my listening history"
            hint="Off: your plays are not counted, so recently played, charts and your history leave them out."
            checked={draft.privacy.recordListeningHistory}
            onChange={(v) => set('privacy', { recordListeningHistory: v })}
          />
          <Toggle label="Show my recent activity on my profile" checked={draft.privacy.showActivity} onChange={(v) => set('privacy', { showActivity: v })} />
        </fieldset>
      </Panel>

      <Panel id="settings-appearance" title="Appearance">
        <fieldset>
          <legend>Theme</legend>
          {(['light', 'dark'] as const).map((theme) => (
            <Check key={theme}>
              <input type="radio" name="theme" value={theme} checked={draft.theme === theme} onChange={() => set('theme', theme)} />
              <span>{theme === 'light' ? 'Light' : 'Dark'}</span>
            </Check>
          ))}
        </fieldset>
      </Panel>

      <Panel id="settings-streaming" title="Streaming">
        <fieldset>
          <legend>Playback</legend>
          <Toggle
            label="Autoplay the next track"
            hint="When a song ends, the next one in the queue starts (the radio always plays on)."
            checked={draft.streaming.autoplayNext}
            onChange={(v) => set('streaming', { autoplayNext: v })}
          />
        </fieldset>
      </Panel>

      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <Bar>
        <Button type="button" $variant="secondary" onClick={reset}>
          Cancel
        </Button>
        <Button type="button" onClick={save} disabled={saving}>
          Save
        </Button>
      </Bar>
    </Page>
  );
}
