import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { KEPT_MESSAGES } from '../../../../contract/keptMessages';
import { LibraryScanPanel } from '../../../features/libraryScan';
import { StoragePanel } from '../../../features/offline';
import { ProfileFields, useSaveProfile, type ProfileDraft } from '../../../features/profile';
import { RadioStreamPanel } from '../../../features/radioStream';
import { ScrobblingPanel } from '../../../features/scrobbling';
import { SharesPanel } from '../../../features/shares';
import { SubsonicAccessPanel } from '../../../features/subsonicAccess';
import {
  selectNotifications,
  selectPlayback,
  selectPrivacy,
  selectStreaming,
  selectThemePreference,
  settingsActions,
  type SettingsState,
} from '../../../shared/settings';
import { selectIsAdmin, selectUser } from '../../../shared/session';
import { Button } from '../../../ui/Button';
import { ErrorMessage, Page, PageTitle } from '../../../ui/Page';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { LeaveGuard } from './LeaveGuard';
import { PlaybackPanel } from './PlaybackPanel';
import { AppearancePanel, Bar, Fields, NotificationsPanel, Panel, PrivacyPanel, StreamingPanel, type SetSetting } from './SettingsPanels';
import { useAccountSettings } from './useAccountSettings';

function useSavedSettings(): SettingsState {
  return {
    theme: useSelector(selectThemePreference),
    notifications: useSelector(selectNotifications),
    privacy: useSelector(selectPrivacy),
    streaming: useSelector(selectStreaming),
    playback: useSelector(selectPlayback),
  };
}

const sameSettings = (a: SettingsState, b: SettingsState) =>
  a.theme === b.theme && (['notifications', 'privacy', 'streaming', 'playback'] as const).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

/** The profile fields of the settings page, kept in step with the signed-in user. */
function useProfileDraft() {
  const user = useSelector(selectUser);
  const fromUser = (): ProfileDraft => ({ username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' });
  const [profile, setProfile] = useState<ProfileDraft>(fromUser);
  // a different user (or a profile saved elsewhere) resets the profile fields
  useEffect(() => {
    setProfile({ username: user?.username ?? '', email: user?.email ?? '', currentPassword: '' });
  }, [user]);
  const emailChanged = Boolean(user) && profile.email.trim().toLowerCase() !== user?.email.toLowerCase();
  const profileChanged = emailChanged || profile.username.trim() !== (user?.username ?? '') || profile.currentPassword !== '';
  return { profile, setProfile, emailChanged, profileChanged, resetProfile: () => setProfile(fromUser()) };
}

/** The sections whose changes apply at once, outside Save. */
function ActAtOncePanels({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      <Panel id="settings-subsonic" title="Subsonic apps">
        <SubsonicAccessPanel />
      </Panel>
      <Panel id="settings-radio" title="Radio">
        <RadioStreamPanel />
      </Panel>
      <Panel id="settings-storage" title={KEPT_MESSAGES.storageTitle}>
        <StoragePanel />
      </Panel>
      <Panel id="settings-shares" title="Shares">
        <SharesPanel />
      </Panel>
      <Panel id="scrobbling" title="Scrobbling">
        <ScrobblingPanel />
      </Panel>
      {isAdmin ? (
        <Panel id="settings-library" title="Library">
          <LibraryScanPanel />
        </Panel>
      ) : null}
    </>
  );
}

/**
 * docs/product.md §2.10 Settings: six sections (Playback: §2.14); Save keeps them (profile and listening history on
 * the server, the rest in the browser), Cancel puts them back, and leaving with changes asks first.
 * Subsonic apps (§2.13), Radio (the live stream's listen link), Scrobbling and Library act at once, outside Save.
 */
export default function SettingsScreen() {
  useDocumentTitle('Settings');
  const dispatch = useDispatch();
  const saved = useSavedSettings();
  const [draft, setDraft] = useState<SettingsState>(saved);
  const { profile, setProfile, emailChanged, profileChanged, resetProfile } = useProfileDraft();
  const [error, setError] = useState<string | null>(null);
  const { save: saveProfile, saving } = useSaveProfile();
  const account = useAccountSettings((settings) => setDraft((d) => ({ ...d, privacy: { ...d.privacy, ...settings } })));
  const isAdmin = useSelector(selectIsAdmin);
  const dirty = profileChanged || !sameSettings(draft, saved);

  const reset = () => {
    setDraft(saved);
    resetProfile();
    setError(null);
  };
  const set: SetSetting = (key, value) => setDraft((d) => ({ ...d, [key]: typeof value === 'object' ? { ...(d[key] as object), ...value } : value }));

  async function save() {
    const problem = (await saveProfile(profile)) ?? (await account.save(draft, saved));
    setError(problem);
    if (problem) return;
    dispatch(settingsActions.saved(draft));
    dispatch(toastShown('Settings saved', 'success'));
  }

  return (
    <Page>
      <PageTitle>Settings</PageTitle>
      <Panel id="settings-profile" title="Profile">
        <Fields>
          <ProfileFields draft={profile} onChange={setProfile} emailChanged={emailChanged} />
        </Fields>
      </Panel>
      <NotificationsPanel draft={draft} set={set} />
      <PrivacyPanel draft={draft} set={set} />
      <AppearancePanel draft={draft} set={set} />
      <StreamingPanel draft={draft} set={set} />
      <PlaybackPanel draft={draft} set={set} />
      <ActAtOncePanels isAdmin={isAdmin} />
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <Bar>
        <Button type="button" $variant="secondary" onClick={reset}>
          Cancel
        </Button>
        <Button type="button" onClick={save} disabled={saving || account.saving}>
          Save
        </Button>
      </Bar>
      <LeaveGuard when={dirty} />
    </Page>
  );
}
