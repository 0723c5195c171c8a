import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SettingsState } from '../../../shared/settings';
import { CheckRow as Check } from '../../../ui/settingsParts';

const Section = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 1.15rem;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
  }
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
`;
export const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 480px;
`;
export { Check };
export const Bar = styled.div`
  position: sticky;
  bottom: 0;
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} 0;
  background: ${({ theme }) => theme.color.bg};
`;

export function Toggle({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
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

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

export type SetSetting = <K extends keyof SettingsState>(key: K, value: Partial<SettingsState[K]>) => void;

export function NotificationsPanel({ draft, set }: { draft: SettingsState; set: SetSetting }) {
  const n = draft.notifications;
  return (
    <Panel id="settings-notifications" title="Notifications">
      <fieldset>
        <legend>Kept in this browser</legend>
        <Toggle label="Email notifications" checked={n.emailNotifications} onChange={(v) => set('notifications', { emailNotifications: v })} />
        <Toggle label="Push notifications" checked={n.pushNotifications} onChange={(v) => set('notifications', { pushNotifications: v })} />
        <Toggle label="Marketing emails" checked={n.marketingEmails} onChange={(v) => set('notifications', { marketingEmails: v })} />
      </fieldset>
    </Panel>
  );
}

export function PrivacyPanel({ draft, set }: { draft: SettingsState; set: SetSetting }) {
  return (
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
  );
}

const THEME_OPTIONS = [
  ['system', 'Same as the system'],
  ['light', 'Light'],
  ['dark', 'Dark'],
] as const;

/** Until the user picks Light or Dark the theme follows the system's, live (docs/product.md §2.10). */
export function AppearancePanel({ draft, set }: { draft: SettingsState; set: SetSetting }) {
  return (
    <Panel id="settings-appearance" title="Appearance">
      <fieldset>
        <legend>Theme</legend>
        {THEME_OPTIONS.map(([theme, label]) => (
          <Check key={theme}>
            <input type="radio" name="theme" value={theme} checked={draft.theme === theme} onChange={() => set('theme', theme)} />
            <span>{label}</span>
          </Check>
        ))}
      </fieldset>
    </Panel>
  );
}

export function StreamingPanel({ draft, set }: { draft: SettingsState; set: SetSetting }) {
  return (
    <Panel id="settings-streaming" title="Streaming">
      <fieldset>
        <legend>The queue</legend>
        <Toggle
          label="Autoplay the next track"
          hint="When a song ends, the next one in the queue starts (the radio always plays on)."
          checked={draft.streaming.autoplayNext}
          onChange={(v) => set('streaming', { autoplayNext: v })}
        />
      </fieldset>
    </Panel>
  );
}
