/**
 * docs/product.md §2.17 (the installable app and offline): its messages, in a file of their own so
 * only the code that shows them carries them (the sign-in page's budget, docs/budgets.md). The
 * offline notice's link, `Music on this device`, is KEPT_MUSIC_LINK in client/ui/OfflineNotice.tsx.
 */
export const OFFLINE_MESSAGES = {
  noKeptMusic: 'No music is kept on this device yet.',
  updateReady: 'A new version of Wavelength is ready.',
  reloadToUpdate: 'Reload to update',
  radioNeedsNetwork: 'The radio needs a network connection.',
  musicBoxNeedsNetwork: 'The Music Box needs a network connection.',
} as const;
