/** The expiry choices of the share dialog (docs/product.md §2.16): never, 1, 7 or 30 days, or a chosen date. */
export type ExpiryChoice = 'keep' | 'never' | '1' | '7' | '30' | 'date';

const DAY_MS = 86_400_000;

/**
 * The expiresAt to send: undefined leaves it as it is (edit only), null never expires; a chosen
 * date ends at the end of that day, local time. Null when the date field is empty or unreadable.
 */
export function expiryFrom(choice: ExpiryChoice, date: string, now: number): string | null | undefined | 'invalid' {
  if (choice === 'keep') return undefined;
  if (choice === 'never') return null;
  if (choice === 'date') {
    const end = new Date(`${date}T23:59:59`);
    return Number.isNaN(end.getTime()) ? 'invalid' : end.toISOString();
  }
  return new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** "Never", or the date and time it ends (or ended). */
export function expiryText(expiresAt: string | null, expired: boolean): string {
  if (!expiresAt) return 'Never expires';
  const when = new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return expired ? `Expired ${when}` : `Expires ${when}`;
}
