/* The shares' limits and messages without zod, so the public page's chunk carries no schema code (which tries eval, refused by the CSP). */

/** docs/product.md §9: a share's description, and how many songs one share may name. */
export const SHARE_DESCRIPTION_MAX = 500;
export const SHARE_SONGS_MAX = 500;
/** The public routes' limit per address (docs/product.md §9): guessing ids hits 429 long before it finds one. */
export const SHARE_PUBLIC_LIMIT = { max: 300, timeWindow: 60_000 } as const;

export const SHARE_MESSAGES = {
  /** every refusal of the public routes, so an id cannot be probed (docs/product.md §8) */
  notFound: 'Share not found',
  expiredPage: 'This share has expired or does not exist.',
  itemNotFound: 'The song, album or playlist to share was not found',
  expiryInPast: 'The expiry must be in the future',
  descriptionTooLong: `The description must be at most ${SHARE_DESCRIPTION_MAX} characters`,
  tooManySongs: `A share holds at most ${SHARE_SONGS_MAX} songs`,
  oneKindOnly: 'A share holds songs, or one album, or one playlist',
} as const;

/** Where the public page of a share lives in the app (docs/product.md §2.16). */
export const sharePagePath = (id: string) => `/s/${id}`;
