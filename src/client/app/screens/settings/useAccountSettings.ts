import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { AccountSettings } from '../../../../contract/profile';
import { useGetAccountSettingsQuery, useUpdateAccountSettingsMutation } from '../../../features/profile';
import { settingsActions, type SettingsState } from '../../../shared/settings';

/**
 * "Record my listening history" lives with the account (docs/product.md §2.10): read from the
 * server each time Settings opens (another device may have changed it), saved there on Save.
 * `onLoaded` puts the server's value into the page's draft.
 */
export function useAccountSettings(onLoaded: (settings: AccountSettings) => void) {
  const dispatch = useDispatch();
  const { data } = useGetAccountSettingsQuery();
  const [update, { isLoading }] = useUpdateAccountSettingsMutation();
  const loaded = data?.settings;

  useEffect(() => {
    if (!loaded) return;
    dispatch(settingsActions.accountSettingsLoaded(loaded));
    onLoaded(loaded);
    // once per answer: onLoaded is a fresh closure each render
  }, [loaded, dispatch]);

  /** Saves what changed (from the server's value, else this browser's `saved`); resolves to an error message, or null when saved. */
  async function save(draft: SettingsState, saved: SettingsState): Promise<string | null> {
    const recordListeningHistory = draft.privacy.recordListeningHistory;
    if ((loaded ?? saved.privacy).recordListeningHistory === recordListeningHistory) return null;
    try {
      const result = await update({ recordListeningHistory }).unwrap();
      dispatch(settingsActions.accountSettingsLoaded(result.settings));
      return null;
    } catch (error) {
      return (error as { message?: string }).message ?? 'Failed to save settings';
    }
  }

  return { save, saving: isLoading };
}
